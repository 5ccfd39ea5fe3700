import { firstPageParam } from "@platform/domain";
import type { RequestOf } from "@platform/api-client";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { channelVideoQuery } from "../videos/queries";
import { VIDEO_PAGE_SIZE, videoListQueryOptions, videoListRequest, videosOfPages } from "../videos/queries";
import type { VideoListApi } from "../videos/queries";
import { classificationsQueryOptions, homeKeys, homeVideoQuery } from "./queries";
import { defaultHomeFilters } from "./search";
import { page } from "../videos/test/pages";

/** A catalogue of `total` videos, paged like the server. */
function fakeApi(total: number) {
  const getVideoList = vi.fn(
    (request: RequestOf<"substance.getVideoList">, _options?: { signal?: AbortSignal }) => {
      const current = request.current ?? 1;
      const size = request.size ?? VIDEO_PAGE_SIZE;
      const start = (current - 1) * size;
      const count = Math.max(0, Math.min(size, total - start));
      return Promise.resolve({ ...page(current, count, start + 1), total });
    },
  );
  const classifyList = vi.fn(() => Promise.resolve([{ id: "1", name: "Travel", sort: 1 }]));
  return { substance: { getVideoList, classifyList } } as unknown as VideoListApi & {
    substance: { getVideoList: typeof getVideoList; classifyList: typeof classifyList };
  };
}

describe("video list requests", () => {
  it("send the filters, the page and only the limits that are set", () => {
    const home = homeVideoQuery({ ...defaultHomeFilters, price: "free", tag: "hot", classifyId: "4" });
    expect(videoListRequest(home, { current: 2, cursor: "MS4y" })).toEqual({
      current: 2,
      cursor: "MS4y",
      size: VIDEO_PAGE_SIZE,
      price: "free",
      sort: "default",
      duration: "all",
      tag: "hot",
      classifyId: "4",
    });
    expect(videoListRequest(channelVideoQuery("9"), firstPageParam)).toEqual({
      current: 1,
      cursor: null,
      size: VIDEO_PAGE_SIZE,
      price: "all",
      sort: "default",
      duration: "all",
      tag: null,
      channelTagId: "9",
    });
  });

  it("key each list by its filters, under one root", () => {
    const a = homeVideoQuery(defaultHomeFilters);
    const b = homeVideoQuery({ ...defaultHomeFilters, sort: "mostPlays" });
    expect(homeKeys.videoList(a)).not.toEqual(homeKeys.videoList(b));
    expect(homeKeys.videoList(a).slice(0, 2)).toEqual(homeKeys.videoLists());
    expect(homeKeys.videoList(a)).not.toEqual(homeKeys.videoList(channelVideoQuery("0")));
    expect(homeKeys.classifications()[0]).toBe(homeKeys.all[0]);
  });

  it("pass React Query's signal to the call", async () => {
    const api = fakeApi(5);
    const queryClient = new QueryClient();
    await queryClient.infiniteQuery(videoListQueryOptions(api, homeVideoQuery(defaultHomeFilters)));
    const [request, options] = api.substance.getVideoList.mock.calls[0] ?? [];
    expect(request).toMatchObject({ current: 1, size: VIDEO_PAGE_SIZE });
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    await queryClient.query(classificationsQueryOptions(api));
    expect(api.substance.classifyList).toHaveBeenCalledWith({ limit: 20 }, expect.anything());
  });

  it("page through a catalogue of 25 to its end in three pages", async () => {
    const api = fakeApi(25);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = videoListQueryOptions(api, homeVideoQuery(defaultHomeFilters));
    const { InfiniteQueryObserver } = await import("@tanstack/react-query");
    const observer = new InfiniteQueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => {
      expect(observer.getCurrentResult().isSuccess).toBe(true);
    });
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    await observer.fetchNextPage();
    const last = await observer.fetchNextPage();
    expect(videosOfPages(last.data)).toHaveLength(25);
    expect(last.hasNextPage).toBe(false);
    expect(api.substance.getVideoList.mock.calls.map(([r]) => r.current)).toEqual([1, 2, 3]);
    unsubscribe();
  });
});
