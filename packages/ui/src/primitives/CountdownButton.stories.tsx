import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { fn } from "storybook/test";
import { CountdownButton } from "./CountdownButton";
import type { CountdownButtonProps } from "./CountdownButton";

const meta = {
  title: "Primitives/CountdownButton",
  component: CountdownButton,
  args: { onSend: fn(() => true) },
} satisfies Meta<typeof CountdownButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Disabled: Story = { args: { disabled: true } };
export const Primary: Story = { args: { variant: "primary", size: "md" } };
/** Pressing it fails (the send is refused): it stays pressable. */
export const SendFails: Story = { args: { onSend: fn(() => false) } };

/** A code was just sent: counting down from 60 s. */
function JustSent(props: CountdownButtonProps) {
  const [sentAt] = useState(() => Date.now());
  return <CountdownButton {...props} startedAt={sentAt} />;
}
export const Counting: Story = { render: (args) => <JustSent {...args} /> };

/** A shorter countdown, 10 s in. */
function Shorter(props: CountdownButtonProps) {
  const [sentAt] = useState(() => Date.now() - 10_000);
  return <CountdownButton {...props} seconds={30} startedAt={sentAt} />;
}
export const CountingThirty: Story = { render: (args) => <Shorter {...args} /> };
