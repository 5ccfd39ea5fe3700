import { ApiError } from "@platform/api-client";
import type {
  RequestOf,
  ResponseOf,
  ResumableOptions,
  ResumableState,
  UploadFile,
  UploadOptions,
  Video,
  VideoDetail,
} from "@platform/api-client";
import { VideoStatus, WatchLevel } from "@platform/domain";
import { act } from "react";
import { vi } from "vitest";
import { fakeVideo, pageOf } from "../../../test/fakes";

/** The signed-in person of the fakes. */
export const ME = "7";

export const config: ResponseOf<"substance.creationConfig"> = {
  priceMin: 100,
  priceMax: 99_900,
  previewMaxMs: 300_000,
  previewDefaultMs: 15_000,
  videoMaxBytes: 10 * 1024 * 1024,
  pictureMaxBytes: 1024 * 1024,
  videoTypes: ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"],
  pictureTypes: ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"],
};

/**
 * A resumable upload the test drives: `start()` signs (a key unless it resumes one) and sends;
 * the test moves it on (`progress`, `offline`, `finish`, `fail`) and reads what was asked of it.
 */
export class FakeUpload {
  state: ResumableState = "idle";
  key: string | null;
  readonly started = vi.fn();
  readonly paused = vi.fn();
  readonly cancelled = vi.fn();
  private settle: {
    resolve: (v: { key: string; bucketEnum: string }) => void;
    reject: (e: unknown) => void;
  } | null = null;

  constructor(
    readonly file: UploadFile,
    readonly options: ResumableOptions,
    private readonly newKey: string,
  ) {
    this.key = options.key ?? null;
  }

  private set(state: ResumableState, error?: ApiError): void {
    this.state = state;
    this.options.onState?.(state, error);
  }

  start(): Promise<{ key: string; bucketEnum: string }> {
    this.started();
    const done = new Promise<{ key: string; bucketEnum: string }>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    done.catch(() => undefined);
    if (this.key === null) {
      this.set("signing");
      this.key = this.newKey;
      this.options.onKey?.(this.newKey);
    }
    this.set("uploading");
    return done;
  }

  pause(): void {
    this.paused();
    this.set("paused");
  }

  cancel(): Promise<void> {
    this.cancelled();
    this.set("cancelled");
    this.settle?.reject(new ApiError({ kind: "cancelled", endpoint: "upload.put" }));
    return Promise.resolve();
  }

  async progress(loaded: number): Promise<void> {
    await act(async () => {
      this.options.onProgress?.({ loaded, total: this.file.size, fraction: loaded / this.file.size });
      await Promise.resolve();
    });
  }

  async offline(): Promise<void> {
    await act(async () => {
      this.set("offline", new ApiError({ kind: "network", endpoint: "upload.put" }));
      await Promise.resolve();
    });
  }

  async finish(): Promise<void> {
    await act(async () => {
      this.options.onProgress?.({ loaded: this.file.size, total: this.file.size, fraction: 1 });
      this.set("completing");
      this.set("done");
      this.settle?.resolve({ key: this.key ?? "", bucketEnum: "VIDEO" });
      await Promise.resolve();
    });
  }

  async fail(error: ApiError): Promise<void> {
    await act(async () => {
      this.set("failed", error);
      this.settle?.reject(error);
      await Promise.resolve();
    });
  }
}

/** A video file of `size` bytes (its name and date say which file it is). */
export function videoFile(name = "clip.mp4", size = 4 * 1024 * 1024, lastModified = 1_700_000_000_000): File {
  return new File([new Uint8Array(size)], name, {
    type: name.endsWith(".txt") ? "text/plain" : "video/mp4",
    lastModified,
  });
}

/** One of the viewer's own videos as getInfoById answers its author. */
export function ownVideo(
  status: number,
  owner: Partial<NonNullable<Video["owner"]>> = {},
  overrides: Partial<VideoDetail> = {},
): VideoDetail {
  return {
    ...fakeVideo(42, {
      videoTitle: "城市夜景",
      introduction: "用手机拍的",
      tags: ["夜景"],
      createUserId: ME,
      type: status,
      auditTime: status === VideoStatus.published ? "2025-01-01 10:00:00" : null,
      watchLevel: WatchLevel.CHARGE,
      amount: 1250,
    }),
    owner: { freeTimeMs: 30_000, reason: null, progress: null, uploadKey: null, edit: null, ...owner },
    multiResolutionList: [],
    videoOriginalFileUrl: null,
    privileges: { buyInfo: { isBuy: true }, vipInfo: { isVip: false }, watchLevel: WatchLevel.CHARGE },
    freeTimeMs: 30_000,
    benefitAmount: null,
    likeFlag: false,
    collectFlag: false,
    hasFollow: false,
    forwardCount: 0,
    ...overrides,
  };
}

/**
 * The calls of the video editor and the owner's page: the video `video` (id 42) is the viewer's
 * unless `othersVideo`; uploads are `FakeUpload`s (the last one is `lastUpload()`); the owner's
 * list is `mine`.
 */
export function fakePostingApi({
  video = null,
  mine = [],
  failConfigOnce = false,
  usage = { diskUsedBytes: 300 * 1024 * 1024, diskLimitBytes: 20 * 1024 ** 3 },
}: {
  video?: VideoDetail | null;
  mine?: Video[];
  failConfigOnce?: boolean;
  /** The person's storage as `upload.usage` answers it. */
  usage?: { readonly diskUsedBytes: number; readonly diskLimitBytes: number };
} = {}) {
  const uploads: FakeUpload[] = [];
  const failing = { config: failConfigOnce };
  const list = [...mine];
  const api = {
    client: {
      userInfo: { id: Number(ME), nickName: "小影 Ying" },
      storage: { get: () => null },
      call: vi.fn((_endpoint: string, _request: unknown, _options?: unknown) => Promise.resolve(null)),
    },
    substance: {
      creationConfig: vi.fn((_request?: unknown, _options?: unknown) => {
        if (failing.config) {
          failing.config = false;
          return Promise.reject(new ApiError({ kind: "network", endpoint: "substance.creationConfig" }));
        }
        return Promise.resolve(config);
      }),
      getInfoById: vi.fn(({ id }: { id: string }) =>
        video !== null && id === video.id
          ? Promise.resolve(video)
          : Promise.reject(
              new ApiError({
                kind: "business",
                endpoint: "substance.getInfoById",
                code: 404,
                msg: "not found",
              }),
            ),
      ),
      saveMyVideo: vi.fn((request: RequestOf<"substance.saveMyVideo">) =>
        Promise.resolve({ ...fakeVideo(Number(request.id ?? 501)), type: VideoStatus.uploading }),
      ),
      getMyVideoList: vi.fn((request: { current?: number; size?: number }) =>
        Promise.resolve(pageOf(request, list.length, (n) => list[n - 1] ?? fakeVideo(n))),
      ),
      deleteMyVideo: vi.fn(({ id }: { id: string }) => {
        const at = list.findIndex((v) => v.id === id);
        if (at >= 0) list.splice(at, 1);
        return Promise.resolve(null);
      }),
    },
    upload: {
      usage: vi.fn((_request?: unknown, _options?: unknown): Promise<ResponseOf<"upload.usage">> =>
        Promise.resolve({
          ...usage,
          dayUsedBytes: 0,
          dayLimitBytes: 4 * 1024 ** 3,
          pending: 0,
          pendingLimit: 10,
        }),
      ),
    },
    resumableUpload: vi.fn((file: UploadFile, options: ResumableOptions = {}) => {
      const upload = new FakeUpload(file, options, `video/${ME}/upload-${String(uploads.length + 1)}.mp4`);
      uploads.push(upload);
      return Promise.resolve(upload);
    }),
    uploadFile: vi.fn((_file: Blob, _options: UploadOptions) =>
      Promise.resolve({ key: "picture/7/cover.png", bucketEnum: "PUBLIC" }),
    ),
  };
  const lastUpload = (): FakeUpload => {
    const upload = uploads.at(-1);
    if (upload === undefined) throw new Error("no upload started");
    return upload;
  };
  return { api, uploads, lastUpload };
}
