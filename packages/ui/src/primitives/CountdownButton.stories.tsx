import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { CountdownButton } from "./CountdownButton";
import type { CountdownButtonProps, CountdownSendResult } from "./CountdownButton";

const meta = {
  title: "Primitives/CountdownButton",
  component: CountdownButton,
  args: { onSend: fn((): CountdownSendResult => true) },
} satisfies Meta<typeof CountdownButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Disabled: Story = { args: { disabled: true } };
export const Primary: Story = { args: { variant: "primary", size: "md" } };
/** Pressing it fails (the send is refused): it stays pressable. */
export const SendFails: Story = { args: { onSend: fn((): CountdownSendResult => false) } };

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

/** The server refused a second code (sent 13 s ago elsewhere): pressing it counts down from 47 s. */
export const ServerSaysWait: Story = {
  args: { onSend: fn((): CountdownSendResult => ({ waitSeconds: 47 })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button"));
    await waitFor(() => expect(canvas.getByRole("button").textContent).toMatch(/^4[67]s$/));
  },
};

/** A daily limit: the wait is hours long, shown as a clock. */
export const ServerSaysWaitHours: Story = {
  args: { onSend: fn((): CountdownSendResult => ({ waitSeconds: 3 * 3600 + 125 })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button"));
    await waitFor(() => expect(canvas.getByRole("button").textContent).toMatch(/^3:02:0[45]$/));
  },
};
