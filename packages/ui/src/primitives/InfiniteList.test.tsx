import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { InfiniteList } from "./InfiniteList";
import type { InfiniteListProps } from "./InfiniteList";

const rows = ["a", "b", "c"].map((id) => <li key={id}>{id}</li>);

/** Lays the scroll box out as jsdom cannot, then scrolls it. */
function scrollTo(
  box: HTMLElement,
  layout: { scrollTop: number; scrollHeight: number; clientHeight: number },
) {
  Object.defineProperty(box, "scrollHeight", { configurable: true, value: layout.scrollHeight });
  Object.defineProperty(box, "clientHeight", { configurable: true, value: layout.clientHeight });
  box.scrollTop = layout.scrollTop;
  fireEvent.scroll(box);
}

async function renderList(props: Partial<InfiniteListProps> = {}, language?: Language) {
  const onLoadMore = vi.fn();
  const result = await renderUi(
    <InfiniteList as="ul" label="videos" hasMore loading={false} onLoadMore={onLoadMore} {...props}>
      {props.children ?? rows}
    </InfiniteList>,
    { language },
  );
  const box = result.container.querySelector<HTMLElement>(".pf-infinite-list");
  if (box === null) throw new Error("no scroll box");
  return { ...result, box, onLoadMore };
}

describe("InfiniteList", () => {
  it("loads more within 80 px of the bottom, not further away", async () => {
    const { box, onLoadMore } = await renderList();
    expect(screen.getByRole("list", { name: "videos" }).children).toHaveLength(3);
    // 1000 - 500 - 419 = 81 px left: not yet.
    scrollTo(box, { scrollTop: 419, scrollHeight: 1000, clientHeight: 500 });
    expect(onLoadMore).not.toHaveBeenCalled();
    // 80 px left.
    scrollTo(box, { scrollTop: 420, scrollHeight: 1000, clientHeight: 500 });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it("never loads while loading, when the last page was not full, or after an error", async () => {
    const nearBottom = { scrollTop: 480, scrollHeight: 1000, clientHeight: 500 };
    for (const props of [{ loading: true }, { hasMore: false }, { error: "failed" }]) {
      const { box, onLoadMore, unmount } = await renderList(props);
      scrollTo(box, nearBottom);
      expect(onLoadMore).not.toHaveBeenCalled();
      unmount();
    }
  });

  it("honours another threshold", async () => {
    const { box, onLoadMore } = await renderList({ threshold: 200 });
    scrollTo(box, { scrollTop: 300, scrollHeight: 1000, clientHeight: 500 });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it("shows a loading row, then the end row once no page is left", async () => {
    const loading = await renderList({ loading: true });
    expect(loading.box.textContent).toContain("加载中…");
    expect(screen.getByRole("list").getAttribute("aria-busy")).toBe("true");
    loading.unmount();

    const end = await renderList({ hasMore: false });
    expect(end.box.textContent).toContain("没有更多了");
    expect(end.box.textContent).not.toContain("加载中…");
    end.unmount();

    // An empty list leaves the 'no more' row to the empty state around it.
    const empty = await renderList({ hasMore: false, children: [] });
    expect(empty.box.textContent).toBe("");
  });

  it("shows the error with a retry button", async () => {
    const onRetry = vi.fn();
    const { user, box } = await renderList({ error: "Network Error", onRetry, loading: true });
    expect(box.textContent).toContain("Network Error");
    expect(box.textContent).not.toContain("加载中…");
    await user.click(screen.getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("speaks English", async () => {
    const { unmount } = await renderList({ error: "x", onRetry: vi.fn() }, Language.enUS);
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    unmount();
    const end = await renderList({ hasMore: false }, Language.enUS);
    expect(end.box.textContent).toContain("That's all");
    end.unmount();
    const loading = await renderList({ loading: true }, Language.enUS);
    expect(loading.box.textContent).toContain("Loading…");
  });
});
