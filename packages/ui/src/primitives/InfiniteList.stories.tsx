import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { fn } from "storybook/test";
import { useMessageText } from "../i18n";
import { InfiniteList } from "./InfiniteList";
import type { InfiniteListProps } from "./InfiniteList";

// Video titles are user content.
const titles = [
  "大理三日游",
  "十分钟做一碗面",
  "West Lake at dawn",
  "城市夜跑记录",
  "Lo-fi beats to study to",
  "猫咪的一天",
  "周末露营",
  "How I edit my vlogs",
  "春天的第一场雨",
  "街头篮球",
];

function Example({
  withError = false,
  empty = false,
  ...props
}: Omit<InfiniteListProps, "children" | "error"> & {
  readonly withError?: boolean;
  readonly empty?: boolean;
}) {
  const text = useMessageText();
  return (
    <div style={{ height: 360, border: "1px solid var(--pf-line)" }}>
      <InfiniteList {...props} as="ul" error={withError ? text(MessageKey.errorNetwork) : undefined}>
        {empty
          ? []
          : titles.map((title) => (
              <li key={title} style={{ padding: "14px 16px", borderBottom: "1px solid var(--pf-line)" }}>
                {title}
              </li>
            ))}
      </InfiniteList>
    </div>
  );
}

const meta = {
  title: "Primitives/InfiniteList",
  component: Example,
  args: { hasMore: true, loading: false, onLoadMore: fn(), onRetry: fn() },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

/** More pages exist; scrolling near the bottom asks for the next. */
export const MoreToLoad: Story = {};
export const Loading: Story = { args: { loading: true } };
/** The last page was not full: the end row. */
export const End: Story = { args: { hasMore: false } };
export const LoadFailed: Story = { args: { withError: true } };
export const ErrorWithoutRetry: Story = { args: { withError: true, onRetry: undefined } };
/** The first page is loading. */
export const FirstPageLoading: Story = { args: { loading: true, empty: true } };
