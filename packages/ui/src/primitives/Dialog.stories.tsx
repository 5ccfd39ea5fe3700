import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { Dialog, TipDialog } from "./Dialog";
import type { DialogProps } from "./Dialog";

/** The dialog with product sentences from the catalogs, so the story follows the language switch. */
function Example(props: DialogProps & { readonly titleKey?: MessageKey; readonly bodyKey: MessageKey }) {
  const text = useMessageText();
  const { titleKey, bodyKey, ...rest } = props;
  return (
    <Dialog {...rest} title={titleKey === undefined ? undefined : text(titleKey)}>
      {text(bodyKey)}
    </Dialog>
  );
}

const meta = {
  title: "Primitives/Dialog",
  component: Example,
  args: { open: true, onConfirm: fn(), onCancel: fn(), bodyKey: MessageKey.agreementRequired },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ConfirmAndCancel: Story = {
  args: { titleKey: MessageKey.actionCancel, bodyKey: MessageKey.chooseVideo },
};
export const Danger: Story = { args: { titleKey: MessageKey.actionCancel, tone: "danger" } };
export const Busy: Story = { args: { titleKey: MessageKey.actionCancel, busy: true } };
export const OneButton: Story = { args: { onCancel: undefined, bodyKey: MessageKey.linkUnsupported } };

function SessionExpired(props: { readonly onConfirm: () => void }) {
  const text = useMessageText();
  return (
    <TipDialog open onConfirm={props.onConfirm}>
      {text(MessageKey.sessionExpired)}
    </TipDialog>
  );
}
export const TipSessionExpired: StoryObj<typeof SessionExpired> = {
  render: (args) => <SessionExpired {...args} />,
  args: { onConfirm: fn() },
};
