import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { BottomPopup } from "./BottomPopup";
import { Button } from "./Button";

function Example({
  withTitle = true,
  closable = true,
  onClose,
}: {
  readonly withTitle?: boolean;
  readonly closable?: boolean;
  readonly onClose: () => void;
}) {
  const text = useMessageText();
  return (
    <BottomPopup
      open
      onClose={onClose}
      closable={closable}
      title={withTitle ? text(MessageKey.buy) : undefined}
      label={withTitle ? undefined : text(MessageKey.buy)}
    >
      <p>{text(MessageKey.withdrawOverBalance)}</p>
      <Button block>{text(MessageKey.gotoRecharge)}</Button>
    </BottomPopup>
  );
}

const meta = {
  title: "Primitives/BottomPopup",
  component: Example,
  args: { onClose: fn() },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {};
export const NoTitle: Story = { args: { withTitle: false } };
export const NotClosable: Story = { args: { withTitle: false, closable: false } };
