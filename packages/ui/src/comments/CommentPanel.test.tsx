import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { CommentPanel } from "./CommentPanel";
import type { CommentPanelProps } from "./CommentPanel";
import type { CommentData } from "./types";

const now = Date.parse("2026-05-20T12:00:00+08:00");
const minutesAgo = (n: number) => now - n * 60_000;

const own: CommentData = {
  id: 1,
  commentUserId: 7,
  commentUserName: "我自己",
  commentUserAvatar: null,
  commentContent: "我的评论",
  createTime: minutesAgo(45),
  likeFlag: false,
  likeCount: 4,
  childList: [],
  childCount: 0,
  replyCommentId: null,
};

const others: CommentData = {
  id: "2",
  commentUserId: "8",
  commentUserName: "小鱼儿",
  commentUserAvatar: null,
  commentContent: "别人的评论",
  createTime: minutesAgo(120),
  likeFlag: true,
  likeCount: 9,
  childList: [
    { id: "r1", commentUserId: "9", commentUserName: "阿杰", commentContent: "第一条回复" },
    {
      id: "r2",
      commentUserId: "7",
      commentUserName: "我自己",
      replyCommentUserName: "阿杰",
      commentContent: "第二条回复",
    },
    { id: "r3", commentUserId: "9", commentUserName: "阿杰", commentContent: "第三条回复" },
  ],
  childCount: 6,
  replyCommentId: null,
};

function setup(overrides: Partial<CommentPanelProps> = {}, language?: Language) {
  const props: CommentPanelProps = {
    comments: [own, others],
    total: 2,
    loading: false,
    hasMore: false,
    onLoadMore: vi.fn(),
    viewerId: "7",
    canComment: true,
    onRequireMembership: vi.fn(),
    onSend: vi.fn(() => Promise.resolve(true)),
    onReport: vi.fn(),
    onDelete: vi.fn(),
    onLike: vi.fn(),
    onLoadReplies: vi.fn(),
    now,
    ...overrides,
  };
  return { props, rendered: renderUi(<CommentPanel {...props} />, { language }) };
}

/** The rows of the open action sheet, in order (its own cancel row last). */
function sheetRows(): string[] {
  const sheet = screen.getByRole("dialog", { name: /评论操作|Comment actions/ });
  return within(sheet)
    .getAllByRole("button")
    .map((button) => button.textContent);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("CommentPanel", () => {
  it("shows each comment with its name, content, relative time and likes", async () => {
    await setup().rendered;
    expect(screen.getByText("我的评论")).toBeTruthy();
    expect(screen.getByText("45 分钟前")).toBeTruthy();
    expect(screen.getByText("2 小时前")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "评论 (2)" })).toBeTruthy();
    const likes = screen.getAllByRole("button", { pressed: true });
    expect(likes).toHaveLength(1);
    expect(likes[0]?.textContent).toContain("9");
  });

  it("offers copy, delete and cancel on one's own comment", async () => {
    const { props, rendered } = setup();
    const { user } = await rendered;
    const [ownMore] = screen.getAllByRole("button", { name: "评论操作" });
    if (!ownMore) throw new Error("no '…' button");
    await user.click(ownMore);
    expect(sheetRows()).toEqual(["复制", "删除", "取消"]);
    await user.click(screen.getByRole("button", { name: "删除" }));
    expect(props.onDelete).toHaveBeenCalledWith(own);
    expect(props.onReport).not.toHaveBeenCalled();
  });

  it("offers copy, report and cancel on others' comments, opened by tapping the text too", async () => {
    const { props, rendered } = setup();
    const { user } = await rendered;
    await user.click(screen.getByText("别人的评论"));
    expect(sheetRows()).toEqual(["复制", "举报", "取消"]);
    await user.click(screen.getByRole("button", { name: "举报" }));
    expect(props.onReport).toHaveBeenCalledWith(others);
    expect(props.onDelete).not.toHaveBeenCalled();
  });

  it("decides a reply's actions by the reply's author (English labels under en-US)", async () => {
    const { props, rendered } = setup({}, Language.enUS);
    const { user } = await rendered;
    await user.click(screen.getByRole("button", { name: /第二条回复/ }));
    expect(sheetRows()).toEqual(["Copy", "Delete", "Cancel"]);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: /第一条回复/ }));
    expect(sheetRows()).toEqual(["Copy", "Report", "Cancel"]);
    await user.click(screen.getByRole("button", { name: "Report" }));
    expect(props.onReport).toHaveBeenCalledWith(others.childList?.[0]);
  });

  it("copies the text with a 'copy success' toast, or hands it to onCopy", async () => {
    const { user } = await setup().rendered;
    await user.click(screen.getByText("别人的评论"));
    await user.click(screen.getByRole("button", { name: "复制" }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe("别人的评论");
    expect(await screen.findByText("复制成功")).toBeTruthy();
  });

  it("hands copying to onCopy when given", async () => {
    const onCopy = vi.fn();
    const { user } = await setup({ comments: [own], onCopy }).rendered;
    await navigator.clipboard.writeText("before");
    await user.click(screen.getByRole("button", { name: "评论操作" }));
    await user.click(screen.getByRole("button", { name: "复制" }));
    expect(onCopy).toHaveBeenCalledWith(own);
    expect(await navigator.clipboard.readText()).toBe("before");
  });

  it("shows two replies and 'more replies (n)', which asks for the rest", async () => {
    const { props, rendered } = setup();
    const { user } = await rendered;
    expect(screen.getByText(/第一条回复/)).toBeTruthy();
    expect(screen.getByText(/第二条回复/)).toBeTruthy();
    expect(screen.queryByText(/第三条回复/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "展开更多回复 (4)" }));
    expect(props.onLoadReplies).toHaveBeenCalledWith(others);
    // The loaded third reply shows at once; three more are still on the server.
    expect(screen.getByText(/第三条回复/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "展开更多回复 (3)" })).toBeTruthy();
  });

  it("expands replies already loaded without calling onLoadReplies", async () => {
    const { props, rendered } = setup({ comments: [{ ...others, childCount: 3 }] });
    const { user } = await rendered;
    await user.click(screen.getByRole("button", { name: "展开更多回复 (1)" }));
    expect(screen.getByText(/第三条回复/)).toBeTruthy();
    expect(props.onLoadReplies).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: /展开更多回复/ })).toBeNull();
  });

  it("marks the 'more replies' button busy while that comment's replies load", async () => {
    await setup({ repliesLoading: new Set(["2"]) }).rendered;
    const more = screen.getByRole("button", { name: /展开更多回复/ });
    expect(more.getAttribute("aria-busy")).toBe("true");
    expect((more as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the send button only while the input is focused, with the privilege", async () => {
    const { props, rendered } = setup();
    const { user } = await rendered;
    expect(screen.queryByRole("button", { name: "发送" })).toBeNull();
    const input = screen.getByRole("textbox", { name: "发表评论" });
    await user.click(input);
    expect(screen.getByRole("button", { name: "发送" })).toBeTruthy();
    await user.type(input, "  太好看了 ");
    await user.click(screen.getByRole("button", { name: "发送" }));
    expect(props.onSend).toHaveBeenCalledWith("太好看了", undefined);
    expect((input as HTMLTextAreaElement).value).toBe("");
    expect(props.onRequireMembership).not.toHaveBeenCalled();
    // Leaving the input hides the button again.
    await user.click(screen.getByText("我的评论"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("button", { name: "发送" })).toBeNull();
  });

  it("asks for membership on focus without the privilege, and leaves the input", async () => {
    const { props, rendered } = setup({ canComment: false });
    const { user } = await rendered;
    const input = screen.getByRole("textbox", { name: "发表评论" });
    await user.click(input);
    expect(props.onRequireMembership).toHaveBeenCalledTimes(1);
    expect(document.activeElement).not.toBe(input);
    expect(screen.queryByRole("button", { name: "发送" })).toBeNull();
  });

  it("keeps a tap made while the privilege loads: a yes shows send, a no asks for membership", async () => {
    const { props, rendered } = setup({ canComment: null });
    const { user, rerender } = await rendered;
    const input = screen.getByRole("textbox", { name: "发表评论" });
    await user.click(input);
    expect(document.activeElement).toBe(input);
    expect(props.onRequireMembership).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "发送" })).toBeNull();
    const again = (canComment: boolean | null) => {
      rerender(<CommentPanel {...props} canComment={canComment} />);
    };
    again(true);
    expect(await screen.findByRole("button", { name: "发送" })).toBeTruthy();
    expect(document.activeElement).toBe(input);
    again(null);
    again(false);
    await waitFor(() => {
      expect(props.onRequireMembership).toHaveBeenCalledTimes(1);
    });
    expect(document.activeElement).not.toBe(input);
    expect(screen.queryByRole("button", { name: "发送" })).toBeNull();
  });

  it("keeps the text when sending fails, and says when there is nothing to send", async () => {
    const onSend = vi.fn(() => Promise.resolve(false));
    const { user } = await setup({ onSend }).rendered;
    const input = screen.getByRole("textbox", { name: "发表评论" });
    await user.click(input);
    await user.click(screen.getByRole("button", { name: "发送" }));
    expect(screen.getByRole("alert").textContent).toBe("请输入评论内容");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(input, "留着");
    await user.click(screen.getByRole("button", { name: "发送" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect((input as HTMLTextAreaElement).value).toBe("留着");
  });

  it("says there is nothing to send in English too", async () => {
    const { user } = await setup({}, Language.enUS).rendered;
    await user.click(screen.getByRole("textbox", { name: "Write a comment" }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toBe("Write something first");
  });

  it("limits the input to 500 characters with a counter", async () => {
    const { user } = await setup().rendered;
    const input = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "发表评论" });
    expect(input.maxLength).toBe(500);
    expect(screen.getByText("0/500")).toBeTruthy();
    await user.click(input);
    await user.paste("字".repeat(520));
    expect(input.value).toHaveLength(500);
    expect(screen.getByText("500/500")).toBeTruthy();
  });

  it("replies to a comment: 'reply to X' with a cancel, and the reply goes to onSend", async () => {
    const { props, rendered } = setup();
    const { user } = await rendered;
    await user.click(screen.getByRole("button", { name: "回复 小鱼儿" }));
    const input = screen.getByRole("textbox", { name: "回复 小鱼儿" });
    expect(document.activeElement).toBe(input);
    await user.type(input, "谢谢");
    await user.click(screen.getByRole("button", { name: "发送" }));
    expect(props.onSend).toHaveBeenCalledWith("谢谢", others);
    // After a successful reply the panel is back to plain comments.
    expect(screen.queryByRole("button", { name: "取消回复" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "回复 我自己" }));
    await user.click(screen.getByRole("button", { name: "取消回复" }));
    expect(screen.getByRole("textbox", { name: "发表评论" })).toBeTruthy();
  });

  it("likes through onLike", async () => {
    const { props, rendered } = setup();
    const { user } = await rendered;
    await user.click(screen.getByRole("button", { name: /^点赞\s*4$/ }));
    expect(props.onLike).toHaveBeenCalledWith(own);
  });

  it.each([
    [Language.zhCN, "暂无评论"],
    [Language.enUS, "No comments yet"],
  ])("shows the empty state under %s", async (language, text) => {
    await setup({ comments: [], total: 0 }, language).rendered;
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("shows no empty state while the first page loads, nor after a failure", async () => {
    const { props, rendered } = setup({ comments: [], loading: true });
    const { rerender } = await rendered;
    expect(screen.queryByText("暂无评论")).toBeNull();
    expect(screen.getByText("加载中…")).toBeTruthy();
    const onRetry = vi.fn();
    rerender(<CommentPanel {...props} loading={false} error="网络错误" onRetry={onRetry} />);
    expect(screen.queryByText("暂无评论")).toBeNull();
    expect(screen.getByText("网络错误")).toBeTruthy();
  });

  it("scrolls the list to the top when scrollToTopKey changes", async () => {
    const { props, rendered } = setup({ scrollToTopKey: 1 });
    const { container, rerender } = await rendered;
    const list = container.querySelector<HTMLElement>(".pf-comment-panel__list");
    if (!list) throw new Error("no list");
    list.scrollTop = 300;
    expect(list.scrollTop).toBe(300);
    rerender(<CommentPanel {...props} scrollToTopKey={2} />);
    expect(list.scrollTop).toBe(0);
  });

  it("is a bottom popup titled with the count when open is given", async () => {
    const onClose = vi.fn();
    const { user } = await setup({ open: true, onClose, total: 28 }, Language.enUS).rendered;
    expect(screen.getByRole("dialog", { name: "Comments (28)" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
  });
});
