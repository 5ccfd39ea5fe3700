import { useLingui } from "@lingui/react/macro";
import { isApiError } from "@platform/api-client";
import type { SmsCodeType } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { CountdownButton, TextField, useToast } from "@platform/ui";
import type { CountdownSendResult } from "@platform/ui";
import { useRouter } from "@tanstack/react-router";

/**
 * The verification code of a money step (adding a card: PAYEE; every withdrawal: WITHDRAW): sent
 * to the signed-in person's own phone (stored userInfo.mobile), with the 60 s 'get code' countdown.
 */
export function SmsCodeField({
  type,
  value,
  onChange,
  error,
  disabled = false,
}: {
  readonly type: SmsCodeType;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | null;
  readonly disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const { api } = useRouter().options.context;
  const phone = api.client.userInfo?.mobile ?? "";

  const send = async (): Promise<CountdownSendResult> => {
    try {
      await api.user.sendValidateCode({ phoneNumbers: phone, type });
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
      hint={phone === "" ? t`请先绑定手机号` : t`验证码将发送到您绑定的手机`}
      disabled={disabled}
      trailing={<CountdownButton onSend={send} disabled={disabled || phone === ""} />}
    />
  );
}
