import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  MessageKey,
  titleAdvice,
  validateComment,
  validatePassword,
  validatePhone,
  validateSmsCode,
  validateFolderName,
} from "@platform/domain";
import type { Validation } from "@platform/domain";
import { useState } from "react";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { CountdownButton } from "./CountdownButton";
import { TextField } from "./TextField";
import type { TextFieldKind } from "./TextField";

/** Each kind labelled with a catalog sentence and checked by its domain validator. */
const kinds: Record<TextFieldKind, { label: MessageKey; validate: (value: string) => Validation }> = {
  text: { label: MessageKey.folderNameRequired, validate: validateFolderName },
  tel: { label: MessageKey.phoneRequired, validate: validatePhone },
  password: { label: MessageKey.passwordFormat, validate: validatePassword },
  code: { label: MessageKey.smsCodeFourDigits, validate: validateSmsCode },
  textarea: { label: MessageKey.commentRequired, validate: validateComment },
};

function Example({
  kind = "text",
  initial = "",
  showError = false,
  withHint = false,
  withCountdown = false,
  disabled = false,
  showCount,
  maxLength,
  onSend,
}: {
  readonly kind?: TextFieldKind;
  readonly initial?: string;
  readonly showError?: boolean;
  readonly withHint?: boolean;
  readonly withCountdown?: boolean;
  readonly disabled?: boolean;
  readonly showCount?: boolean;
  readonly maxLength?: number;
  readonly onSend: () => boolean;
}) {
  const text = useMessageText();
  const [value, setValue] = useState(initial);
  const { label, validate } = kinds[kind];
  const problem = showError ? validate(value) : null;
  const advice = withHint ? titleAdvice(value) : null;
  return (
    <TextField
      kind={kind}
      label={text(label)}
      value={value}
      onChange={setValue}
      error={problem === null ? undefined : text(problem)}
      hint={advice === null ? undefined : text(advice)}
      trailing={withCountdown ? <CountdownButton onSend={onSend} /> : undefined}
      disabled={disabled}
      showCount={showCount}
      maxLength={maxLength}
    />
  );
}

const meta = {
  title: "Primitives/TextField",
  component: Example,
  args: { onSend: fn(() => true) },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = { args: { initial: "旅行" } };
export const TextError: Story = { args: { initial: "a1", showError: true } };
/** Titles over 20 characters get advice, not an error. */
export const TextWithAdvice: Story = {
  args: { initial: "一段很长很长的视频标题，超过了建议的二十个字符长度", withHint: true },
};
export const Phone: Story = { args: { kind: "tel", initial: "13812345678" } };
export const PhoneError: Story = { args: { kind: "tel", initial: "12345", showError: true } };
export const PhoneEmptyError: Story = { args: { kind: "tel", showError: true } };
export const Password: Story = { args: { kind: "password", initial: "secret123" } };
export const PasswordError: Story = { args: { kind: "password", initial: "abc", showError: true } };
export const Code: Story = { args: { kind: "code", initial: "12", withCountdown: true } };
export const CodeError: Story = {
  args: { kind: "code", initial: "12", showError: true, withCountdown: true },
};
export const Textarea: Story = { args: { kind: "textarea", initial: "好看！", maxLength: 500 } };
export const TextareaError: Story = { args: { kind: "textarea", showError: true, maxLength: 500 } };
export const Disabled: Story = { args: { kind: "tel", initial: "13812345678", disabled: true } };
