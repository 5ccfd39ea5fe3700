import type { Video } from "@platform/api-client";
import { WatchLevel, limits } from "@platform/domain";

/** A published free video as the lists give it: 'Video {id}', a minute long, by 'Author' (user 1). */
export function fakeVideo(id: number, overrides: Partial<Video> = {}): Video {
  return {
    id: String(id),
    videoTitle: `Video ${String(id)}`,
    introduction: "",
    tags: [],
    allowDownload: false,
    nickName: "Author",
    createUserName: "author",
    createUserId: "1",
    avatarFileUrl: null,
    videoLength: 61_000,
    videoWidth: 1280,
    videoHeight: 720,
    coverImage: null,
    coverFileUrl: null,
    verticalCoverUrl: null,
    playCount: 3,
    likeCount: 0,
    commentCount: 0,
    watchLevel: WatchLevel.FREE,
    amount: 0,
    discount: null,
    auditTime: "2025-01-01 10:00:00",
    seenMs: null,
    type: 99,
    createTime: "2025-01-01 10:00:00",
    updateTime: "2025-01-01 10:00:00",
    ...overrides,
  };
}

/**
 * The page a paged call answers out of `total` records: page `current` (from 1) of `size` (the
 * product's page size unless asked), its records made by `make(n)` for their place n (from 1).
 */
export function pageOf<T>(
  request: { readonly current?: number; readonly size?: number },
  total: number,
  make: (n: number) => T,
) {
  const current = request.current ?? 1;
  const size = request.size ?? limits.pageSize;
  const start = (current - 1) * size;
  const records = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) =>
    make(start + i + 1),
  );
  return { records, total, current, size };
}
