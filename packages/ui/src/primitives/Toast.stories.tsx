import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { useEffect } from "react";
import { useMessageText } from "../i18n";
import { Toaster, useToast } from "./Toast";
import type { ToastTone } from "./Toast";

function Shown({ tone, messageKey }: { readonly tone: ToastTone; readonly messageKey: MessageKey }) {
  const text = useMessageText();
  return <Toaster items={[{ id: 1, text: text(messageKey), tone }]} />;
}

const meta = { title: "Primitives/Toast", component: Shown } satisfies Meta<typeof Shown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { tone: "info", messageKey: MessageKey.phoneRequired } };
export const Success: Story = { args: { tone: "success", messageKey: MessageKey.rechargeSucceeded } };
export const Failure: Story = { args: { tone: "error", messageKey: MessageKey.errorNetwork } };

function FromHook() {
  const toast = useToast();
  const text = useMessageText();
  useEffect(() => toast.show(text(MessageKey.errorTimeout), { durationMs: 60_000 }), [toast, text]);
  return null;
}
export const ThroughUseToast: StoryObj<typeof FromHook> = { render: () => <FromHook /> };
