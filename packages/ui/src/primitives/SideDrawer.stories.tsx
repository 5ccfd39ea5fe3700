import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { Button } from "./Button";
import { CopyButton } from "./CopyButton";
import { SideDrawer } from "./SideDrawer";

/** A drawer with a nickname (user content) as its title and a little panel content. */
function Panel({
  loading = false,
  stacked = false,
  onClose,
  onCloseSecond,
}: {
  readonly loading?: boolean;
  readonly stacked?: boolean;
  readonly onClose: () => void;
  readonly onCloseSecond: () => void;
}) {
  const text = useMessageText();
  return (
    <>
      <SideDrawer open title="小鹿同学" loading={loading} onClose={onClose} closeKey="/home">
        <p>{text(MessageKey.vipNone)}</p>
        <CopyButton text="88012345">ID 88012345</CopyButton>
        <Button block>{text(MessageKey.gotoRecharge)}</Button>
      </SideDrawer>
      {stacked ? (
        <SideDrawer open title="138****5678" onClose={onCloseSecond} closeKey="/home">
          <p>{text(MessageKey.vipPermanent)}</p>
        </SideDrawer>
      ) : null}
    </>
  );
}

const meta = {
  title: "Primitives/SideDrawer",
  component: Panel,
  args: { onClose: fn(), onCloseSecond: fn() },
} satisfies Meta<typeof Panel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Loading: Story = { args: { loading: true } };
/** 'Switch account': a second drawer over the first. */
export const Stacked: Story = { args: { stacked: true } };
