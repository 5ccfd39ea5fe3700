import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { MessageKey } from "@platform/domain";
import { useMessageText } from "../i18n";
import { MemberSearchView } from "./MemberSearchView";
import type { MemberSearchViewProps } from "./MemberSearchView";

const avatar = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><circle cx="32" cy="26" r="12" fill="#fff"/><path d="M12 60a20 20 0 0 1 40 0z" fill="#fff"/></svg>`,
  )}`;

const results = [
  {
    userId: "11",
    nickName: "Lucky Star",
    avatarFileUrl: avatar("#5aa9ff"),
    fansCount: 1280,
    hasFollow: false,
  },
  { userId: "12", nickName: "星星点灯", avatarFileUrl: avatar("#ff4f6d"), fansCount: 36, hasFollow: true },
  { userId: "13", nickName: "starlight_07", avatarFileUrl: null, fansCount: 0, hasFollow: false },
];

const meta = {
  title: "Profile/MemberSearchView",
  component: MemberSearchView,
  args: {
    searchName: "star",
    results,
    loading: false,
    hasMore: true,
    onLoadMore: fn(),
    viewerId: "99",
    onToggleFollow: fn(),
    onOpenAuthor: fn(),
    onRetry: fn(),
  },
  // The view scrolls itself: it needs a parent with a height.
  decorators: [
    (Story) => (
      <div style={{ height: "100vh" }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MemberSearchView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {};
export const OwnRow: Story = { args: { viewerId: "11", hasMore: false } };
export const FollowPending: Story = { args: { pendingIds: new Set(["11"]) } };
export const LoadingMore: Story = { args: { loading: true } };
export const Loading: Story = { args: { results: [], loading: true } };
export const Empty: Story = { args: { searchName: "zzz", results: [], hasMore: false } };

/** A page failed: the app passes the failure's sentence (here the domain's network error). */
function WithNetworkError(props: MemberSearchViewProps) {
  const text = useMessageText();
  return <MemberSearchView {...props} error={text(MessageKey.errorNetwork)} />;
}
export const NextPageFailed: Story = { render: (args) => <WithNetworkError {...args} /> };
export const FirstPageFailed: Story = {
  args: { results: [], hasMore: false },
  render: (args) => <WithNetworkError {...args} />,
};
