import { useLingui } from "@lingui/react/macro";
import { isApiError } from "@platform/api-client";
import type { SmsCodeType } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { CountdownButton, TextField, useToast } from "@platform/ui";
import type { CountdownSendResult } from "@platform/ui";
import type { ReactNode } from "react";
import { useApi } from "../app/useApi";

/**
 * The verification code of a protected step (adding a card: PAYEE; a withdrawal: WITHDRAW; the
 * account's password, phone and deletion), with the 60 s 'get code' countdown. Sent to the
 * signed-in person's own phone (stored userInfo.mobile), or to `phone` when given (a new number).
 */
export function SmsCodeField({
  type,
  value,
  onChange,
  error,
  disabled = false,
  phone: givenPhone,
  hint,
  beforeSend,
}: {
  readonly type: SmsCodeType;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | null;
  readonly disabled?: boolean;
  /** The number the code goes to instead of the stored one (binding a new phone). */
  readonly phone?: string;
  /** Says where the code goes instead of the own phone's sentence. */
  readonly hint?: ReactNode;
  /** Checked on 'get code' (the number typed): false sends nothing and leaves the button pressable. */
  readonly beforeSend?: () => boolean;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const api = useApi();
  const own = givenPhone === undefined;
  const phone = givenPhone ?? api.client.userInfo?.mobile ?? "";

  const send = async (): Promise<CountdownSendResult> => {
    if (beforeSend !== undefined && !beforeSend()) return false;
    try {
      await api.user.sendValidateCode({ phoneNumbers: phone.trim(), type });
      toast.show(i18n._(productMessages.sendCodeSuccess), { tone: "success" });
      return true;
    } catch (caught) {
      // Too soon: the toast (from the api-client) says why; the button counts down from the server's figure.
      const wait = isApiError(caught) ? caught.retryAfterSeconds : null;
      if (wait !== null) return { waitSeconds: wait };
      return false;
    }
  };

  return (
    <TextField
      kind="code"
      label={t`验证码`}
      value={value}
      onChange={(next) => {
        onChange(next.replace(/\D/g, ""));
      }}
      error={error ?? undefined}
      hint={hint ?? (phone === "" && own ? t`请先绑定手机号` : t`验证码将发送到您绑定的手机`)}
      disabled={disabled}
      trailing={<CountdownButton onSend={send} disabled={disabled || (own && phone === "")} />}
    />
  );
}
