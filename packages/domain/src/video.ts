import { WatchLevel } from "./enums";
import { MessageKey } from "./messages";

/** The label on a video's level badge: SVIP shows 'super', CHARGE shows 'pay', FREE none. */
/** Accepts any string: the server may add levels, which show no label. */
export function watchLevelLabel(level: string | null | undefined): MessageKey | null {
  switch (level) {
    case WatchLevel.SVIP:
      return MessageKey.levelSuper;
    case WatchLevel.CHARGE:
      return MessageKey.levelPay;
    default:
      return null;
  }
}

/** A viewer's rights over one video, as getInfoById returns them in `privileges`. */
export interface VideoPrivileges {
  /** A WatchLevel; any other value is treated as locked. */
  readonly watchLevel: string;
  readonly buyInfo?: { readonly isBuy: boolean } | null;
  readonly vipInfo?: { readonly isVip: boolean } | null;
}

/**
 * Whether the viewer may watch the whole video; otherwise only the preview up to the free-time
 * limit. Free plays fully; SVIP needs membership; CHARGE needs a purchase. An unknown level is
 * treated as locked: a new paid level must never play for free by accident.
 */
export function canWatchFully(p: VideoPrivileges): boolean {
  switch (p.watchLevel) {
    case WatchLevel.FREE:
      return true;
    case WatchLevel.SVIP:
      return p.vipInfo?.isVip === true;
    case WatchLevel.CHARGE:
      return p.buyInfo?.isBuy === true;
    default:
      return false;
  }
}

/** What stops a locked viewer at the limit: the membership dialog or the buy popup. */
export function lockReason(p: VideoPrivileges): "membership" | "purchase" | null {
  if (canWatchFully(p)) return null;
  return p.watchLevel === WatchLevel.SVIP ? "membership" : "purchase";
}

/**
 * The position a preview may not pass, in seconds, or null for no limit. When playback passes it
 * the player pauses, rewinds to it and prompts.
 */
export function previewLimitSeconds(
  p: VideoPrivileges,
  freeTimeMs: number | null | undefined,
): number | null {
  if (canWatchFully(p)) return null;
  return Math.max(0, freeTimeMs ?? 0) / 1000;
}

export function isPastPreviewLimit(currentTimeSeconds: number, limitSeconds: number | null): boolean {
  return limitSeconds !== null && currentTimeSeconds >= limitSeconds;
}

/**
 * Upload and review status codes (spec §3). Each code belongs to one phase; 'error' phases show
 * in red.
 */
export const ReviewPhase = {
  uploading: "uploading",
  uploadFailed: "uploadFailed",
  reviewing: "reviewing",
  reviewFailed: "reviewFailed",
  published: "published",
} as const;
export type ReviewPhase = (typeof ReviewPhase)[keyof typeof ReviewPhase];

export const reviewStatusCodes = {
  uploading: [15],
  uploadFailed: [10],
  reviewing: [20, 25, 30, 40, 50, 77],
  reviewFailed: [18, 60, 70, 86],
  published: [99],
} as const satisfies Record<ReviewPhase, readonly number[]>;

export const VIDEO_PUBLISHED = 99;
export const VIDEO_UPLOADING = 15;

/**
 * What each code of spec §3 means in the pipeline from an upload to a published video (decision
 * 0018): which stage a video is in, and who moves it on.
 */
export const VideoStatus = {
  /** The file could not be used: not a video, unreadable, the upload cancelled or expired (error). */
  uploadFailed: 10,
  /** Saved; its file is still being uploaded. */
  uploading: 15,
  /** The automatic technical review refused it: too short, too long, too small (error). */
  technicalRefused: 18,
  /** The file arrived; waiting for processing. */
  queued: 20,
  /** Processing: renditions and covers being made (progress recorded). */
  processing: 25,
  /** The automatic review: the technical checks, then the words of its title, introduction and tags. */
  autoReview: 30,
  /** Waiting for an operator. */
  awaitingReview: 40,
  /** An operator took it (`review take`). */
  inReview: 50,
  /** The words check refused its title, introduction or tags (error). */
  wordsRefused: 60,
  /** An operator refused it, with a reason (error). */
  rejected: 70,
  /** Edited after a refusal and sent again: waiting for an operator. */
  resubmitted: 77,
  /** An operator took it down after publication, with a reason (error). */
  takenDown: 86,
  published: 99,
} as const;
export type VideoStatus = (typeof VideoStatus)[keyof typeof VideoStatus];

/** Statuses an operator reviews (`review list`). */
export const reviewQueueStatuses: readonly number[] = [
  VideoStatus.awaitingReview,
  VideoStatus.inReview,
  VideoStatus.resubmitted,
];

export interface ReviewStatus {
  readonly code: number;
  readonly phase: ReviewPhase;
  readonly severity: "info" | "error" | "success";
  /** Published videos carry no label. */
  readonly label: MessageKey | null;
}

const phaseLabels: Record<ReviewPhase, MessageKey | null> = {
  uploading: MessageKey.statusUploading,
  uploadFailed: MessageKey.statusUploadFailed,
  reviewing: MessageKey.statusReviewing,
  reviewFailed: MessageKey.statusReviewFailed,
  published: null,
};

const phaseByCode = /* @__PURE__ */ new Map<number, ReviewPhase>(
  (Object.entries(reviewStatusCodes) as [ReviewPhase, readonly number[]][]).flatMap(([phase, codes]) =>
    codes.map((code) => [code, phase] as const),
  ),
);

/** The status of a review code, or null for a code the spec does not list. */
export function reviewStatusOf(code: number | null | undefined): ReviewStatus | null {
  if (code == null) return null;
  const phase = phaseByCode.get(code);
  if (phase === undefined) return null;
  const severity =
    phase === "uploadFailed" || phase === "reviewFailed"
      ? "error"
      : phase === "published"
        ? "success"
        : "info";
  return { code, phase, severity, label: phaseLabels[phase] };
}

/** Codes for which a row shows its review-status tip (spec §4). */
export const reviewTipCodes: ReadonlySet<number> = /* @__PURE__ */ new Set([
  10, 15, 18, 20, 25, 30, 40, 50, 60, 70, 77, 86, 99,
]);

/**
 * The review-status tip of a row: only when the video has no audit time and its code is one of
 * the listed ones; a published video's tip has no label, so nothing is shown for it.
 */
export function reviewTipOf(video: {
  readonly auditTime?: string | number | null;
  readonly type?: number | null;
}): ReviewStatus | null {
  if (video.auditTime != null && video.auditTime !== "") return null;
  if (video.type == null || !reviewTipCodes.has(video.type)) return null;
  const status = reviewStatusOf(video.type);
  return status?.label == null ? null : status;
}

/** Fields that decide which cover a card shows. */
export interface CoverFields {
  readonly videoWidth?: number | null;
  readonly videoHeight?: number | null;
  readonly coverFileUrl?: string | null;
  readonly coverImage?: string | null;
  readonly verticalCoverUrl?: string | null;
}

export function isVerticalVideo(v: CoverFields): boolean {
  return v.videoWidth != null && v.videoHeight != null && v.videoHeight > v.videoWidth;
}

/** Vertical videos prefer `verticalCoverUrl`; otherwise the regular cover. */
export function coverOf(v: CoverFields): string | null {
  const regular = v.coverFileUrl || v.coverImage || null;
  return isVerticalVideo(v) ? v.verticalCoverUrl || regular : regular;
}

/**
 * The WebP renditions the server makes of each seed cover (Step 13), by the cover's file name:
 * `cover.jpg` (640 × 360) and `vertical.jpg` (360 × 640) at half and full width. A cover at
 * `/api/media/covers/<folder>/<name>.jpg` has them at `<name>.w<width>.webp` beside it.
 */
export const coverWidths = { cover: [320, 640], vertical: [180, 360] } as const;
export type CoverName = keyof typeof coverWidths;

export function coverVariantFile(name: CoverName, width: number): string {
  return `${name}.w${String(width)}.webp`;
}

const SEED_COVER = /^(\/api\/media\/covers\/[\w-]+\/)(cover|vertical)\.jpg$/;

/**
 * A `srcset` of a cover's WebP renditions ("….w320.webp 320w, ….w640.webp 640w"), or null for a
 * cover the server has none of (an uploaded picture, another host): then the picture alone.
 */
export function coverSrcSet(url: string): string | null {
  const match = SEED_COVER.exec(url);
  if (match === null) return null;
  const [, base = "", name = "cover"] = match;
  return coverWidths[name as CoverName]
    .map((width) => `${base}${coverVariantFile(name as CoverName, width)} ${String(width)}w`)
    .join(", ");
}

/** A cover's widest WebP rendition (a player's poster, full width), or the cover itself when it has none. */
export function posterOf(url: string): string {
  const match = SEED_COVER.exec(url);
  if (match === null) return url;
  const [, base = "", name = "cover"] = match;
  const widths = coverWidths[name as CoverName];
  return `${base}${coverVariantFile(name as CoverName, widths[widths.length - 1] ?? 0)}`;
}

/** The author's display name: `nickName`, else `createUserName`. */
export function authorNameOf(v: {
  readonly nickName?: string | null;
  readonly createUserName?: string | null;
}): string {
  return v.nickName || v.createUserName || "";
}

/** Video list filters (spec §3). */
export const PriceFilter = { all: "all", free: "free", paid: "paid", super: "super" } as const;
export type PriceFilter = (typeof PriceFilter)[keyof typeof PriceFilter];

export const SortOrder = {
  default: "default",
  recentUpdate: "recentUpdate",
  mostPlays: "mostPlays",
} as const;
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];

export const DurationBucket = {
  all: "all",
  upTo10: "0-10",
  from11To30: "11-30",
  from31To60: "31-60",
  over60: "60+",
} as const;
export type DurationBucket = (typeof DurationBucket)[keyof typeof DurationBucket];

export const TagFilter = { hot: "hot", selected: "selected" } as const;
export type TagFilter = (typeof TagFilter)[keyof typeof TagFilter];

export interface VideoListFilters {
  readonly price: PriceFilter;
  readonly sort: SortOrder;
  readonly duration: DurationBucket;
  readonly tag: TagFilter | null;
}

export const defaultVideoListFilters: VideoListFilters = {
  price: PriceFilter.all,
  sort: SortOrder.default,
  duration: DurationBucket.all,
  tag: null,
};

/** The watch level a price filter selects, or null for all. */
export function watchLevelOfPriceFilter(filter: PriceFilter): WatchLevel | null {
  switch (filter) {
    case PriceFilter.free:
      return WatchLevel.FREE;
    case PriceFilter.paid:
      return WatchLevel.CHARGE;
    case PriceFilter.super:
      return WatchLevel.SVIP;
    default:
      return null;
  }
}

const MINUTE_MS = 60_000;

/**
 * The length range of a duration bucket in milliseconds, both ends inclusive (`maxMs` null: no
 * upper end). The buckets are named in whole minutes (0-10, 11-30, …) but videos are not whole
 * minutes long, so each bucket starts just past the previous one's end: a 10:30 video is in 11-30.
 */
export function durationRangeOf(bucket: DurationBucket): { minMs: number; maxMs: number | null } {
  switch (bucket) {
    case DurationBucket.upTo10:
      return { minMs: 0, maxMs: 10 * MINUTE_MS };
    case DurationBucket.from11To30:
      return { minMs: 10 * MINUTE_MS + 1, maxMs: 30 * MINUTE_MS };
    case DurationBucket.from31To60:
      return { minMs: 30 * MINUTE_MS + 1, maxMs: 60 * MINUTE_MS };
    case DurationBucket.over60:
      return { minMs: 60 * MINUTE_MS + 1, maxMs: null };
    default:
      return { minMs: 0, maxMs: null };
  }
}

/** The bucket a video of this length falls in (never `all`). */
export function durationBucketOf(lengthMs: number): Exclude<DurationBucket, "all"> {
  if (lengthMs <= 10 * MINUTE_MS) return DurationBucket.upTo10;
  if (lengthMs <= 30 * MINUTE_MS) return DurationBucket.from11To30;
  if (lengthMs <= 60 * MINUTE_MS) return DurationBucket.from31To60;
  return DurationBucket.over60;
}

/**
 * Where a finished public picture (a cover, a background) is served, by the bucket and key its
 * upload answered: relative, so it works behind any origin. The server serves this path.
 */
export function publicFileUrl(bucket: string, key: string): string {
  return `/api/media/files/${bucket}/${key}`;
}
