import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { useMessageText } from "../i18n";
import { Button } from "./Button";
import type { ButtonProps } from "./Button";

function Example(props: ButtonProps) {
  const text = useMessageText();
  return <Button {...props}>{text(MessageKey.buy)}</Button>;
}

const meta = { title: "Primitives/Button", component: Example } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: "secondary" } };
export const Gold: Story = { args: { variant: "gold" } };
export const Danger: Story = { args: { variant: "danger" } };
export const Small: Story = { args: { size: "sm" } };
export const Busy: Story = { args: { busy: true } };
export const Disabled: Story = { args: { disabled: true } };
export const Block: Story = { args: { block: true } };
