import type { Credentials, Profile, Video } from "@platform/api-client";
import { Gender, WatchLevel, limits } from "@platform/domain";

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

/**
 * A token answer as the server gives it: tokens named `access-{tokens}` / `refresh-{tokens}` (so a
 * test can tell whose they are), an hour long, with `userInfo` (null for a bare refresh).
 */
export function fakeCredentials(tokens: string, userInfo: Credentials["user_info"]): Credentials {
  return {
    access_token: `access-${tokens}`,
    refresh_token: `refresh-${tokens}`,
    token_type: "bearer",
    expires_in: 3600,
    scope: "server",
    user_info: userInfo,
  };
}

/** The signed-in person's profile (`user.queryInfo`): 小明 (7), phone 13800000001, with a password. */
export function fakeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    userId: "7",
    nickName: "小明",
    gender: Gender.SECRET,
    birthday: "1990-05-01",
    area: "广东 深圳",
    avatarFileUrl: null,
    bgImgFileUrl: null,
    mobile: "13800000001",
    memberId: "M0007",
    username: "xiaoming",
    identityCardId: null,
    channelTagId: "3",
    introduction: "",
    hasPassword: true,
    isVip: false,
    isPermanent: false,
    remainDays: 0,
    ...overrides,
  };
}
