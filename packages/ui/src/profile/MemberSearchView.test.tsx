import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { MemberSearchView } from "./MemberSearchView";
import type { MemberSearchViewProps } from "./MemberSearchView";

function props(overrides: Partial<MemberSearchViewProps> = {}): MemberSearchViewProps {
  return {
    searchName: "star",
    results: [
      { userId: "11", nickName: "Lucky Star", avatarFileUrl: null, fansCount: 1280, hasFollow: false },
      { userId: "12", nickName: "星星 STAR star", avatarFileUrl: null, fansCount: 36, hasFollow: true },
      { userId: "99", nickName: "Me, starring", avatarFileUrl: null, fansCount: 3, hasFollow: false },
    ],
    loading: false,
    hasMore: false,
    onLoadMore: vi.fn(),
    viewerId: "99",
    onToggleFollow: vi.fn(),
    onOpenAuthor: vi.fn(),
    ...overrides,
  };
}

const rowOf = (name: string) => screen.getByRole("button", { name: new RegExp(name) }).closest("li")!;

describe("MemberSearchView", () => {
  it("shows each user's nickname with the keyword highlighted, and fans count", async () => {
    await renderUi(<MemberSearchView {...props()} />);
    const marks = [...document.querySelectorAll("mark")].map((m) => m.textContent);
    expect(marks).toEqual(["Star", "STAR", "star", "star"]);
    expect(within(rowOf("Lucky")).getByText("粉丝 1280")).toBeTruthy();
  });

  it("hides the follow button on the viewer's own row only", async () => {
    await renderUi(<MemberSearchView {...props()} />);
    expect(within(rowOf("Me, ")).queryByRole("button", { name: /关注/ })).toBeNull();
    expect(within(rowOf("Lucky")).getByRole("button", { name: "关注" })).toBeTruthy();
    expect(within(rowOf("星星")).getByRole("button", { name: "已关注" })).toBeTruthy();
  });

  it("follows, unfollows a followed user, and waits while a call is pending", async () => {
    const p = props({ pendingIds: new Set(["12"]) });
    const { user } = await renderUi(<MemberSearchView {...p} />);
    const follow = within(rowOf("Lucky")).getByRole("button", { name: "关注" });
    expect(follow.getAttribute("aria-pressed")).toBe("false");
    await user.click(follow);
    expect(p.onToggleFollow).toHaveBeenCalledWith("11", true);
    const followed = within(rowOf("星星")).getByRole("button", { name: "已关注" });
    expect(followed.getAttribute("aria-pressed")).toBe("true");
    expect((followed as HTMLButtonElement).disabled).toBe(true);
    expect(p.onOpenAuthor).not.toHaveBeenCalled();
  });

  it("unfollows with follow = false", async () => {
    const p = props();
    const { user } = await renderUi(<MemberSearchView {...p} />);
    await user.click(within(rowOf("星星")).getByRole("button", { name: "已关注" }));
    expect(p.onToggleFollow).toHaveBeenCalledWith("12", false);
  });

  it("opens the author when a row is tapped", async () => {
    const p = props();
    const { user } = await renderUi(<MemberSearchView {...p} />);
    await user.click(screen.getByRole("button", { name: /Lucky Star/ }));
    expect(p.onOpenAuthor).toHaveBeenCalledWith("11");
  });

  it("shows the empty state in both languages", async () => {
    const first = await renderUi(<MemberSearchView {...props({ results: [] })} />);
    expect(screen.getByText("没有找到相关用户")).toBeTruthy();
    first.unmount();
    await renderUi(<MemberSearchView {...props({ results: [] })} />, { language: Language.enUS });
    expect(screen.getByText("No matching users")).toBeTruthy();
  });

  it("shows placeholders, not the empty state, while the first page loads", async () => {
    await renderUi(<MemberSearchView {...props({ results: [], loading: true })} />);
    expect(screen.getByRole("status", { name: "正在搜索用户…" })).toBeTruthy();
    expect(screen.queryByText("没有找到相关用户")).toBeNull();
  });

  it("loads the next page when scrolled near the bottom, only while there is more", async () => {
    const p = props({ hasMore: true });
    const rendered = await renderUi(<MemberSearchView {...p} />);
    const scroller = screen.getByRole("list", { name: "用户" }).parentElement!;
    Object.defineProperties(scroller, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 600, configurable: true },
    });
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    expect(p.onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 340;
    fireEvent.scroll(scroller);
    expect(p.onLoadMore).toHaveBeenCalledTimes(1);
    rendered.unmount();

    const last = props({ hasMore: false });
    await renderUi(<MemberSearchView {...last} />);
    const done = screen.getByRole("list", { name: "用户" }).parentElement!;
    Object.defineProperties(done, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 600, configurable: true },
    });
    done.scrollTop = 400;
    fireEvent.scroll(done);
    expect(last.onLoadMore).not.toHaveBeenCalled();
  });

  it("shows a failed first page with a retry instead of the empty state", async () => {
    const onRetry = vi.fn();
    const { user } = await renderUi(
      <MemberSearchView {...props({ results: [], error: "网络错误", onRetry })} />,
    );
    expect(screen.getByText("网络错误")).toBeTruthy();
    expect(screen.queryByText("没有找到相关用户")).toBeNull();
    await user.click(screen.getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("speaks English under en-US", async () => {
    await renderUi(<MemberSearchView {...props()} />, { language: Language.enUS });
    expect(within(rowOf("Lucky")).getByRole("button", { name: "Follow" })).toBeTruthy();
    expect(within(rowOf("星星")).getByRole("button", { name: "Following" })).toBeTruthy();
    expect(within(rowOf("Lucky")).getByText("Fans: 1280")).toBeTruthy();
  });
});
