import { useLingui } from "@lingui/react/macro";
import {
  SmsCodeType,
  isPasswordTooLong,
  limits,
  maskPhone,
  validatePassword,
  validateSmsCode,
} from "@platform/domain";
import { Button, TextField } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SyntheticEvent } from "react";
import { freshProfileQueryOptions } from "../../app/session/queries";
import { Page } from "../../components/Page";
import { profileGate } from "./profileGate";
import { SmsCodeField } from "../../components/SmsCodeField";
import { useErrorText } from "../../components/useErrorText";
import { useChangePasswordMutation } from "./queries/account";
import { useFormTools } from "./useFormTools";
import "./security.css";
import { useApi } from "../../app/useApi";

/**
 * /editpassword: change the password with the old one, or by a code (PASSWORD) to one's own phone
 * (forgotten password; the only way for an account that has none yet: 'set a password'). The new
 * one is 6-18 characters, typed twice. Then a toast and back to /accountSecuritySettings: the
 * server signed the other sessions out, this one stays.
 */
export function EditPasswordScreen() {
  const { t } = useLingui();
  const api = useApi();
  const errorText = useErrorText();
  const profile = useQuery(freshProfileQueryOptions(api));
  const setting = profile.data?.hasPassword === false;
  const title = setting ? t`设置密码` : t`修改密码`;

  const gate = profileGate(profile, title, errorText, 220);
  if (gate.data === undefined) return gate.view;
  return (
    <Page title={title}>
      <PasswordForm hasPassword={gate.data.hasPassword} mobile={gate.data.mobile} />
    </Page>
  );
}

function PasswordForm({ hasPassword, mobile }: { readonly hasPassword: boolean; readonly mobile: string }) {
  const { t } = useLingui();
  const { text, toast, navigate } = useFormTools();
  const [byCode, setByCode] = useState(!hasPassword);
  const [oldPassword, setOldPassword] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [attempted, setAttempted] = useState(false);

  const oldProblem = !byCode && oldPassword === "" ? t`请输入原密码` : null;
  const codeRule = byCode ? validateSmsCode(code) : null;
  const passwordRule = validatePassword(password);
  const repeatProblem =
    repeat === "" ? t`请再次输入新密码` : repeat !== password ? t`两次输入的密码不一致` : null;

  // The cached profile then has a password (the hook).
  const save = useChangePasswordMutation({
    onSuccess: async () => {
      toast.show(hasPassword ? t`密码已修改` : t`密码已设置`, { tone: "success" });
      await navigate({ to: "/accountsecuritysettings", replace: true });
    },
    // A refusal (wrong old password, wrong code) is the api-client's toast; what was typed stays.
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (save.isPending) return;
    if (oldProblem !== null || codeRule !== null || passwordRule !== null || repeatProblem !== null) return;
    save.mutate(byCode ? { code: code.trim(), password } : { oldPassword, password });
  };

  // The rule of the new password shows once it is long enough to judge (or too long), the rest after a submit.
  const passwordShown = attempted || isPasswordTooLong(password) ? passwordRule : null;
  const repeatShown = attempted || (repeat.length >= password.length && repeat !== "") ? repeatProblem : null;
  const masked = maskPhone(mobile);
  const minLength = limits.passwordMinLength;
  const maxLength = limits.passwordMaxLength;
  return (
    <form className="h5-account" onSubmit={submit} noValidate>
      <div className="h5-account-card">
        {hasPassword ? null : (
          <p className="h5-note">{t`您还没有设置登录密码。设置后可以用手机号和密码登录。`}</p>
        )}
        {byCode ? (
          <SmsCodeField
            type={SmsCodeType.PASSWORD}
            value={code}
            onChange={setCode}
            hint={t`验证码将发送到 ${masked}`}
            error={attempted && codeRule !== null ? text(codeRule) : null}
          />
        ) : (
          <TextField
            kind="password"
            label={t`原密码`}
            value={oldPassword}
            onChange={setOldPassword}
            autoComplete="current-password"
            error={attempted ? (oldProblem ?? undefined) : undefined}
          />
        )}
        <TextField
          kind="password"
          label={t`新密码`}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          hint={t`${minLength}-${maxLength} 个字符`}
          error={passwordShown === null ? undefined : text(passwordShown)}
        />
        <TextField
          kind="password"
          label={t`确认新密码`}
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
          error={repeatShown ?? undefined}
        />
        {hasPassword ? (
          <Button
            variant="text"
            size="sm"
            onClick={() => {
              setByCode((was) => !was);
              setAttempted(false);
            }}
          >
            {byCode ? t`用原密码修改` : t`忘记原密码？用验证码修改`}
          </Button>
        ) : null}
      </div>
      <Button type="submit" block busy={save.isPending}>
        {hasPassword ? t`确认修改` : t`设置密码`}
      </Button>
    </form>
  );
}
