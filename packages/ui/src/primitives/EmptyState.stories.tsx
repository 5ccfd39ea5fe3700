import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { useMessageText } from "../i18n";
import { Button } from "./Button";
import { EmptyState } from "./EmptyState";

function Example({
  withAction = false,
  compact = false,
}: {
  readonly withAction?: boolean;
  readonly compact?: boolean;
}) {
  const text = useMessageText();
  return (
    <EmptyState
      compact={compact}
      description={text(MessageKey.chooseVideo)}
      action={withAction ? <Button>{text(MessageKey.gotoRecharge)}</Button> : undefined}
    />
  );
}

const meta = { title: "Primitives/EmptyState", component: Example } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Compact: Story = { args: { compact: true } };
export const WithAction: Story = { args: { withAction: true } };
