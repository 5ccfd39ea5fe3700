import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { CopyButton } from "./CopyButton";
import { PageHeader } from "./PageHeader";
import type { PageHeaderProps } from "./PageHeader";

const cover =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="390" height="160"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#5b3cc4"/><stop offset="1" stop-color="#ff4f6d"/></linearGradient></defs><rect width="390" height="160" fill="url(#g)"/></svg>',
  );

function Example({
  titleKey,
  withRight = false,
  ...props
}: Omit<PageHeaderProps, "title" | "right"> & {
  readonly titleKey?: MessageKey;
  readonly withRight?: boolean;
}) {
  const text = useMessageText();
  const header = (
    <PageHeader
      {...props}
      title={titleKey === undefined ? undefined : text(titleKey)}
      right={withRight ? <CopyButton text="https://example.invalid/v/1" /> : undefined}
    />
  );
  if (!props.transparent) return header;
  return <div style={{ background: `url("${cover}") center / cover`, height: 160 }}>{header}</div>;
}

const meta = {
  title: "Primitives/PageHeader",
  component: Example,
  args: { onBack: fn(), titleKey: MessageKey.withdrawSucceeded },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBack: Story = {};
export const NoBack: Story = { args: { onBack: undefined } };
export const WithRightControls: Story = { args: { withRight: true } };
export const Transparent: Story = { args: { transparent: true, titleKey: undefined, withRight: true } };
export const LongTitle: Story = { args: { titleKey: MessageKey.sessionExpired } };
