import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { ActionSheet } from "./ActionSheet";
import type { ActionSheetAction } from "./ActionSheet";

/** An order's actions (urge, withdraw again, cancel order) in the catalogs' words. */
function OrderActions({
  withTitle = false,
  withDanger = true,
  onSelect,
  onClose,
}: {
  readonly withTitle?: boolean;
  readonly withDanger?: boolean;
  readonly onSelect: (key: string) => void;
  readonly onClose: () => void;
}) {
  const text = useMessageText();
  const actions: ActionSheetAction[] = [
    {
      key: "urge",
      label: text(MessageKey.actionUrge),
      onSelect: () => {
        onSelect("urge");
      },
    },
    {
      key: "again",
      label: text(MessageKey.actionWithdrawAgain),
      onSelect: () => {
        onSelect("again");
      },
    },
  ];
  if (withDanger)
    actions.push({
      key: "cancel",
      label: text(MessageKey.actionCancel),
      tone: "danger",
      onSelect: () => {
        onSelect("cancel");
      },
    });
  return (
    <ActionSheet
      open
      onClose={onClose}
      title={withTitle ? text(MessageKey.withdrawFailed) : undefined}
      label={withTitle ? undefined : text(MessageKey.withdrawFailed)}
      actions={actions}
    />
  );
}

const meta = {
  title: "Primitives/ActionSheet",
  component: OrderActions,
  args: { onSelect: fn(), onClose: fn() },
} satisfies Meta<typeof OrderActions>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Actions: Story = {};
export const WithTitle: Story = { args: { withTitle: true } };
export const NoDangerAction: Story = { args: { withDanger: false } };
