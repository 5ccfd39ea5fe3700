import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { useMessageText } from "../i18n";
import { CommentPanel } from "./CommentPanel";
import type { CommentPanelProps } from "./CommentPanel";
import type { CommentData } from "./types";

const now = Date.parse("2026-05-20T12:00:00+08:00");
const minutes = (n: number) => now - n * 60_000;
const viewer = "u-1";

/** A tiny avatar drawn inline (no network in stories). */
const avatar =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#5aa9ff"/><circle cx="18" cy="14" r="7" fill="#fff"/><rect x="7" y="24" width="22" height="12" rx="6" fill="#fff"/></svg>',
  );

const comments: readonly CommentData[] = [
  {
    id: "c-1",
    commentUserId: viewer,
    commentUserName: "我自己",
    commentUserAvatar: avatar,
    commentContent: "这一段拍得真好，收藏了！",
    createTime: minutes(1),
    likeFlag: true,
    likeCount: 12,
    childList: [],
    childCount: 0,
    replyCommentId: null,
  },
  {
    id: "c-2",
    commentUserId: "u-2",
    commentUserName: "小鱼儿",
    commentUserAvatar: null,
    commentContent: "请问背景音乐叫什么名字？",
    createTime: minutes(45),
    likeFlag: false,
    likeCount: 3,
    childList: [
      {
        id: "r-1",
        commentUserId: "u-3",
        commentUserName: "阿杰",
        replyCommentUserName: null,
        commentContent: "同问",
        createTime: minutes(40),
      },
      {
        id: "r-2",
        commentUserId: viewer,
        commentUserName: "我自己",
        replyCommentUserName: "阿杰",
        commentContent: "片尾字幕里有写～",
        createTime: minutes(30),
      },
    ],
    childCount: 5,
    replyCommentId: null,
  },
  {
    id: "c-3",
    commentUserId: "u-4",
    commentUserName: "Lina",
    commentUserAvatar: "data:image/png;base64,broken",
    commentContent: "Nice shot! The colours at 0:42 are amazing.",
    createTime: "2026-05-10 09:30:00",
    likeFlag: false,
    likeCount: 0,
    childList: [],
    childCount: 0,
    replyCommentId: null,
  },
];

const meta = {
  title: "Comments/CommentPanel",
  component: CommentPanel,
  args: {
    comments,
    total: 28,
    loading: false,
    hasMore: true,
    onLoadMore: fn(),
    onRetry: fn(),
    viewerId: viewer,
    canComment: true,
    onRequireMembership: fn(),
    onSend: fn(() => Promise.resolve(true)),
    onReport: fn(),
    onDelete: fn(),
    onLike: fn(),
    onLoadReplies: fn(),
    onClose: fn(),
    now,
  },
  decorators: [
    (Story) => (
      <div style={{ height: 640, maxWidth: 430 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CommentPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Comments with replies: two replies shown, 'more replies (3)' below them. */
export const WithReplies: Story = {};

/** The same panel as the bottom popup of the video page. */
export const AsPopup: Story = { args: { open: true } };

/** The action sheet of one's own comment: copy, delete, cancel. */
export const OwnActionSheet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [own] = canvas.getAllByRole("button", { name: /评论操作|Comment actions/ });
    if (own) await userEvent.click(own);
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByRole("button", { name: /删除|Delete/ })).toBeTruthy());
  },
};

/** The action sheet of someone else's comment: copy, report, cancel. */
export const OthersActionSheet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const others = canvas.getAllByRole("button", { name: /评论操作|Comment actions/ })[1];
    if (others) await userEvent.click(others);
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByRole("button", { name: /举报|Report/ })).toBeTruthy());
  },
};

/** No comments yet. */
export const Empty: Story = { args: { comments: [], total: 0, hasMore: false } };

/** The first page is loading. */
export const Loading: Story = { args: { comments: [], total: undefined, loading: true } };

/** A page failed to load: the message and a retry at the end of the list. */
function ErrorPanel(props: CommentPanelProps) {
  const text = useMessageText();
  return <CommentPanel {...props} error={text(MessageKey.errorNetwork)} />;
}
export const LoadError: Story = { render: (args) => <ErrorPanel {...args} /> };

/** Replies of the second comment are loading after 'more replies'. */
export const RepliesLoading: Story = { args: { repliesLoading: new Set(["c-2"]) } };

/** Without the comment privilege, focusing the input asks for membership (no send button). */
export const NoPrivilege: Story = { args: { canComment: false } };

/** The privilege still loading: a tap keeps the input; the send button waits for the answer. */
export const PrivilegeLoading: Story = { args: { canComment: null } };

/** With the privilege and the input focused: the send button shows. */
export const Composing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("textbox"));
    await userEvent.keyboard("太好看了");
    await waitFor(() => expect(canvas.getByRole("button", { name: /发送|Send/ })).toBeTruthy());
  },
};

/** Replying to a comment: 'reply to 小鱼儿' above the input, with a cancel button. */
export const Replying: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = canvas.getAllByRole("button", { name: /回复 小鱼儿|Reply to 小鱼儿/ })[0];
    if (reply) await userEvent.click(reply);
    await waitFor(() => expect(canvas.getByRole("button", { name: /取消回复|Cancel reply/ })).toBeTruthy());
  },
};
