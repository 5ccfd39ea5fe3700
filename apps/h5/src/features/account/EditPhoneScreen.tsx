import { useLingui } from "@lingui/react/macro";
import { SmsCodeType, maskPhone, validateSmsCode } from "@platform/domain";
import { Button, useMessageText } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useState } from "react";
import type { SyntheticEvent } from "react";
import { freshProfileQueryOptions } from "../../app/session/queries";
import { Page } from "../../components/Page";
import { profileGate } from "./profileGate";
import { SmsCodeField } from "../../components/SmsCodeField";
import { useErrorText } from "../../components/useErrorText";
import { useVerifyPhoneMutation } from "./queries/account";
import { phoneTicketAtom } from "./securityState";
import "./security.css";
import { useApi } from "../../app/useApi";

/**
 * /editphone, the first step of a new phone: a code (PHONE_OLD) to today's phone proves it is
 * theirs; the server answers a ticket (10 minutes), kept in memory, and /bindphone binds the new
 * number with it (decision 0019).
 */
export function EditPhoneScreen() {
  const { t } = useLingui();
  const text = useMessageText();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const api = useApi();
  const setTicket = useSetAtom(phoneTicketAtom);
  const profile = useQuery(freshProfileQueryOptions(api));
  const [code, setCode] = useState("");
  const [attempted, setAttempted] = useState(false);
  const codeRule = validateSmsCode(code);
  const title = t`修改手机号`;

  const verify = useVerifyPhoneMutation({
    onSuccess: async ({ ticket, expiresInSeconds }) => {
      setTicket({ ticket, expiresAt: Date.now() + expiresInSeconds * 1000 });
      await navigate({ to: "/bindphone" });
    },
  });

  const gate = profileGate(profile, title, errorText, 160);
  if (gate.data === undefined) return gate.view;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (verify.isPending || codeRule !== null) return;
    verify.mutate(code.trim());
  };

  const masked = maskPhone(gate.data.mobile);
  return (
    <Page title={title}>
      <form className="h5-account" onSubmit={submit} noValidate>
        <div className="h5-account-card">
          <h2 className="h5-account-card__title">{t`第 1 步：验证当前手机号`}</h2>
          <p className="h5-note">{t`当前手机号：${masked}。验证通过后即可绑定新手机号。`}</p>
          <SmsCodeField
            type={SmsCodeType.PHONE_OLD}
            value={code}
            onChange={setCode}
            hint={t`验证码将发送到 ${masked}`}
            error={attempted && codeRule !== null ? text(codeRule) : null}
          />
        </div>
        <Button type="submit" block busy={verify.isPending}>
          {t`下一步`}
        </Button>
      </form>
    </Page>
  );
}
