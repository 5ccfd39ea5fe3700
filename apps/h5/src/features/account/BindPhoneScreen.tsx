import { useLingui } from "@lingui/react/macro";
import { isApiError } from "@platform/api-client";
import { ServerMessageKey, SmsCodeType, validatePhone, validateSmsCode } from "@platform/domain";
import { Button, EmptyState, TextField } from "@platform/ui";
import { Link } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useEffect, useState } from "react";
import type { SyntheticEvent } from "react";
import { Page } from "../../components/Page";
import { SmsCodeField } from "../../components/SmsCodeField";
import { useChangePhoneMutation } from "./queries/account";
import { isTicketLive, phoneTicketAtom } from "./securityState";
import type { PhoneTicket } from "./securityState";
import { useFormTools } from "./useFormTools";
import "./security.css";

/**
 * /bindphone, the second step of a new phone (decision 0019): with the ticket /editphone got for
 * the old phone, the new number and its code (PHONE_NEW, sent to the new number) change it. Then
 * the stored user info has the new number, a toast, and back to /accountSecuritySettings. Opened
 * without a ticket, or once it expired, it says so and links to /editphone.
 */
export function BindPhoneScreen() {
  const { t } = useLingui();
  const [ticket, setTicket] = useAtom(phoneTicketAtom);
  const [now, setNow] = useState(() => Date.now());
  const title = t`绑定新手机号`;

  // The screen turns to 'expired' when the ticket does, not only at the next tap.
  useEffect(() => {
    if (ticket === null) return;
    const left = ticket.expiresAt - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => {
      setNow(Date.now());
    }, left);
    return () => {
      clearTimeout(timer);
    };
  }, [ticket]);

  if (ticket === null || !isTicketLive(ticket, now)) {
    return (
      <Page title={title}>
        <div className="h5-account">
          <EmptyState
            picture="error"
            description={
              ticket === null
                ? t`请先验证当前手机号，再绑定新手机号。`
                : t`当前手机号的验证已过期，请重新验证。`
            }
            action={
              <Link to="/editphone" replace className="pf-button pf-button--primary pf-button--sm">
                {t`验证当前手机号`}
              </Link>
            }
          />
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <BindForm
        ticket={ticket}
        onExpired={() => {
          setTicket((held) => (held === null ? held : { ...held, expiresAt: 0 }));
        }}
        onDone={() => {
          setTicket(null);
        }}
      />
    </Page>
  );
}

function BindForm({
  ticket,
  onExpired,
  onDone,
}: {
  readonly ticket: PhoneTicket;
  readonly onExpired: () => void;
  readonly onDone: () => void;
}) {
  const { t } = useLingui();
  const { text, toast, navigate, api } = useFormTools();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [phoneChecked, setPhoneChecked] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const current = api.client.userInfo?.mobile ?? "";
  const mobile = phone.trim();

  const phoneRule = validatePhone(phone);
  const phoneProblem =
    phoneRule !== null ? text(phoneRule) : mobile === current ? t`新手机号不能与当前手机号相同` : null;
  const codeRule = validateSmsCode(code);

  // The session's user info and the cached profile take the new phone first (the hook).
  const change = useChangePhoneMutation({
    onSuccess: async () => {
      onDone();
      toast.show(t`手机号已更换`, { tone: "success" });
      await navigate({ to: "/accountsecuritysettings", replace: true });
    },
    onError: (error) => {
      // Told by the api-client's toast; the ticket is spent or too old: the screen says what to do.
      if (isApiError(error) && error.msgKey === ServerMessageKey.phoneTicketExpired) onExpired();
    },
  });

  /** The number's problem, said under the box and as a toast (spec §5); true when it is fine. */
  const checkPhone = (): boolean => {
    setPhoneChecked(true);
    if (phoneProblem === null) return true;
    toast.show(phoneProblem, { tone: "error" });
    return false;
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (change.isPending) return;
    if (!checkPhone() || codeRule !== null) return;
    change.mutate({ ticket: ticket.ticket, mobile, code: code.trim() });
  };

  return (
    <form className="h5-account" onSubmit={submit} noValidate>
      <div className="h5-account-card">
        <h2 className="h5-account-card__title">{t`第 2 步：绑定新手机号`}</h2>
        <TextField
          kind="tel"
          label={t`新手机号`}
          value={phone}
          onChange={(next) => {
            setPhone(next);
            setPhoneChecked(false);
          }}
          placeholder={t`请输入新手机号`}
          error={phoneChecked || attempted ? (phoneProblem ?? undefined) : undefined}
        />
        <SmsCodeField
          type={SmsCodeType.PHONE_NEW}
          phone={mobile}
          value={code}
          onChange={setCode}
          hint={t`验证码将发送到新手机号`}
          beforeSend={checkPhone}
          error={attempted && codeRule !== null ? text(codeRule) : null}
        />
      </div>
      <Button type="submit" block busy={change.isPending}>
        {t`确认绑定`}
      </Button>
    </form>
  );
}
