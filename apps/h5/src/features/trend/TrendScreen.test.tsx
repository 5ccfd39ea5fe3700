import type { RequestOf } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { Language } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import { fakeVideo, pageOf } from "../../test/fakes";
import { byText, click, control, renderApp, scrollForMore, videoTitles, waitFor } from "../../test/renderApp";
import { TrendScreen } from "./TrendScreen";

type TrendRequest = RequestOf<"substance.trendList">;

/** The trend over `total` videos ranked by the server ('Video 1' first); `failNext` fails a call. */
function fakeApi(total = 23) {
  const state = { failNext: false };
  const trendList = vi.fn((request: TrendRequest) => {
    if (state.failNext) {
      state.failNext = false;
      return Promise.reject(new ApiError({ kind: "network", endpoint: "substance.trendList" }));
    }
    // Ranked by the week's plays (1000 for the first, one fewer each place), whatever they had before.
    return Promise.resolve(
      pageOf(request, total, (n) => ({ ...fakeVideo(n, { playCount: 5 }), recentPlays: 1001 - n })),
    );
  });
  return { api: { substance: { trendList } }, trendList, state };
}

describe("/trend", () => {
  it("lists the server's ranking in its order, a page at a time, by page number", async () => {
    const { api, trendList } = fakeApi();
    await renderApp({ api, path: "/trend", pages: { "/trend": TrendScreen } });
    await waitFor(() => byText("近 7 天播放最多的视频，按近 7 天的播放次数"));
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(videoTitles()[0]).toContain("Video 1");
    // The cards count the plays the order is by: the week's, not the 5 of all time.
    expect(byText("1000次播放")).toBeTruthy();
    expect(byText("991次播放")).toBeTruthy();
    await scrollForMore(videoTitles, 20);
    await scrollForMore(videoTitles, 23);
    expect(trendList.mock.calls.map(([request]) => request)).toEqual([
      { current: 1, size: 10 },
      { current: 2, size: 10 },
      { current: 3, size: 10 },
    ]);
  });

  it("says when nothing was played lately, and offers a retry when the call fails", async () => {
    const empty = fakeApi(0);
    const app = await renderApp({ api: empty.api, path: "/trend", pages: { "/trend": TrendScreen } });
    await waitFor(() => byText("暂无视频"));
    app.unmount();

    const failing = fakeApi();
    failing.state.failNext = true;
    await renderApp({ api: failing.api, path: "/trend", pages: { "/trend": TrendScreen } });
    await waitFor(() => control("重试"));
    await click(control("重试"));
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
  });

  it("speaks English when the reader does", async () => {
    const { api } = fakeApi();
    await renderApp({ api, path: "/trend", pages: { "/trend": TrendScreen }, language: Language.enUS });
    await waitFor(() => byText("Most played in the last 7 days, counting the last 7 days' plays"));
    expect(byText("Trend", "h1")).toBeTruthy();
  });
});
