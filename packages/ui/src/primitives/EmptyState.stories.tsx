import type { Meta, StoryObj } from "@storybook/react-vite";
import { useLingui } from "@lingui/react";
import { MessageKey } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { useMessageText } from "../i18n";
import { Button } from "./Button";
import { EmptyState } from "./EmptyState";
import type { EmptyPicture } from "./EmptyState";

/** Each picture with the words of its own state (the language comes from the toolbar). */
function Example({
  picture,
  withAction = false,
  compact = false,
}: {
  readonly picture?: EmptyPicture;
  readonly withAction?: boolean;
  readonly compact?: boolean;
}) {
  const text = useMessageText();
  const { i18n } = useLingui();
  const words: Record<EmptyPicture, string> = {
    noResults: i18n._(productMessages.noSearchResults),
    empty: i18n._(productMessages.noHistory),
    error: text(MessageKey.errorNetwork),
    notFound: i18n._(productMessages.pageNotFound),
    comingSoon: i18n._(productMessages.comingSoon),
  };
  return (
    <EmptyState
      picture={picture}
      compact={compact}
      description={picture === undefined ? text(MessageKey.chooseVideo) : words[picture]}
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
/** A search that found nothing. */
export const NoResults: Story = { args: { picture: "noResults" } };
/** A list with nothing in it yet (history, comments, videos). */
export const Empty: Story = { args: { picture: "empty" } };
/** A load that failed. */
export const LoadFailed: Story = { args: { picture: "error" } };
/** An address that leads nowhere. */
export const NotFound: Story = { args: { picture: "notFound" } };
/** A screen still being built. */
export const ComingSoon: Story = { args: { picture: "comingSoon" } };
/** The small variant inside a section (comments, an author's videos). */
export const EmptyCompact: Story = { args: { picture: "empty", compact: true } };
