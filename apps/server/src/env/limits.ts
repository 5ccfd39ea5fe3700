import { group, orElse, setting, whole } from "./setting";
import type { Read } from "./setting";

/** What one person or one address may do: uploads, counted plays, anonymous writes. */
export const limitSettings = {
  uploadMaxPending: setting("UPLOAD_MAX_PENDING", orElse(whole(), 10), {
    default: "`10`",
    description:
      "unfinished uploads one person may have: signed and still receiving, or holding parts in the store",
  }),
  uploadDailyBytes: setting("UPLOAD_DAILY_BYTES", orElse(whole(), 4 * 1024 ** 3), {
    default: "`4294967296` (4 GiB)",
    description:
      "bytes one person may send per 24 h: what reached the store (finished or not), live signs by declared size",
  }),
  uploadDiskBytes: setting("UPLOAD_DISK_BYTES", orElse(whole(), 20 * 1024 ** 3), {
    default: "`21474836480` (20 GiB)",
    description:
      "bytes one person may keep in the store: finished files not removed, live signs (/editvideo shows it)",
  }),
  uploadPictureMaxBytes: setting("UPLOAD_PICTURE_MAX_BYTES", orElse(whole(), 10 * 1024 ** 2), {
    default: "`10485760` (10 MiB)",
    description: "the largest picture",
  }),
  uploadPictureMaxSide: setting("UPLOAD_PICTURE_MAX_SIDE", orElse(whole(16), 2048), {
    default: "`2048`",
    description: "a stored picture's longest side: pictures are re-encoded to fit (never enlarged)",
  }),
  uploadVideoMaxBytes: setting("UPLOAD_VIDEO_MAX_BYTES", orElse(whole(), 1024 ** 3), {
    default: "`1073741824` (1 GiB)",
    description: "the largest video",
  }),
  countWindowSeconds: setting("COUNT_WINDOW_SECONDS", orElse(whole(), 24 * 3600), {
    default: "`86400`",
    description:
      "a viewer's plays (`playCount`) and shares (`forwardCount`) of a video count once per window",
  }),
  anonymousWritesPerMinute: setting("ANONYMOUS_WRITES_PER_MINUTE", orElse(whole(), 60), {
    default: "`60`",
    description: "password-key signs (`getKey`) and guest sessions one address may ask for per minute",
  }),
  trackingEventsPerMinute: setting("TRACKING_EVENTS_PER_MINUTE", orElse(whole(), 300), {
    default: "`300`",
    description: "tracking events one caller (a user, or an address when anonymous) may report per minute",
  }),
};

export const limitsGroup = group("Limits per person and address", limitSettings);

export interface LimitsPart {
  /**
   * Uploads one user may have outstanding: signed and not finished, while they can still receive
   * bytes or hold some in the store.
   */
  readonly uploadMaxPending: number;
  /**
   * Bytes one user may upload per 24 hours: what arrived (parts and whole files, finished or not),
   * and what live signs declared.
   */
  readonly uploadDailyBytes: number;
  /** Bytes one user may keep in the store: finished files not removed, and live signs' declared sizes. */
  readonly uploadDiskBytes: number;
  /** The largest file by kind. */
  readonly uploadPictureMaxBytes: number;
  readonly uploadVideoMaxBytes: number;
  /** A stored picture's longest side (pictures are re-encoded to fit). */
  readonly uploadPictureMaxSide: number;
  /** A viewer's play or share of a video counts once per this many seconds. */
  readonly countWindowSeconds: number;
  /** Password-key signs and guest sessions one address may ask for per minute. */
  readonly anonymousWritesPerMinute: number;
  /** Tracking events one caller (user, or address when anonymous) may report per minute. */
  readonly trackingEventsPerMinute: number;
}

export function limitsOf(read: Read): LimitsPart {
  const s = limitSettings;
  return {
    uploadMaxPending: read(s.uploadMaxPending),
    uploadDailyBytes: read(s.uploadDailyBytes),
    uploadDiskBytes: read(s.uploadDiskBytes),
    uploadPictureMaxBytes: read(s.uploadPictureMaxBytes),
    uploadVideoMaxBytes: read(s.uploadVideoMaxBytes),
    uploadPictureMaxSide: read(s.uploadPictureMaxSide),
    countWindowSeconds: read(s.countWindowSeconds),
    anonymousWritesPerMinute: read(s.anonymousWritesPerMinute),
    trackingEventsPerMinute: read(s.trackingEventsPerMinute),
  };
}
