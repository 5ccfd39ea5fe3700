import type { S3Settings } from "../providers/storage/s3-store";
import { flag, group, oneOf, orElse, orNull, setting, text, whole } from "./setting";
import { z } from "zod";
import type { Read } from "./setting";

/** Where uploads and the media made from them are kept (decision 0018). */
export interface StorageSettings {
  /** `local`: the data folder; `s3`: S3-compatible object storage. */
  readonly kind: "local" | "s3";
  readonly s3: S3Settings | null;
  /** The size of an upload's parts (S3 takes at least 5 MiB). */
  readonly partBytes: number;
  /** How long an unfinished video upload can be resumed (ms). */
  readonly resumeMs: number;
}

const httpOrigin = z
  .string()
  .regex(/^https?:\/\/[^/\s]+\/?$/, { error: "must be an http(s) origin like https://s3.example.com" });

/** The object store and uploads' timings. */
export const storageSettings = {
  storage: setting("STORAGE", orElse(oneOf(["local", "s3"]), "local"), {
    default: "`local`",
    description:
      "where uploads and the clips made from them live: `local` (`<DATA_DIR>/uploads/<bucket>/`) or `s3` (decision 0018)",
  }),
  endpoint: setting("S3_ENDPOINT", orNull(httpOrigin), {
    default: "AWS by region",
    description: "the object store's API as this server reaches it",
  }),
  publicEndpoint: setting("S3_PUBLIC_ENDPOINT", orNull(httpOrigin), {
    default: "`S3_ENDPOINT`",
    description:
      "the object store's API as browsers reach it (presigned URLs name its host; its origin joins `connect-src`)",
  }),
  bucket: setting("S3_BUCKET", orNull(text), {
    default: "—",
    description: "the one bucket (PUBLIC, VIDEO, MEDIA are prefixes in it); needed with `STORAGE=s3`",
  }),
  region: setting("S3_REGION", orElse(text, "us-east-1"), {
    default: "`us-east-1`",
    description: "the bucket's region",
  }),
  accessKeyId: setting("S3_ACCESS_KEY_ID", orNull(text), {
    default: "the SDK's own chain",
    description: "the bucket's access key",
  }),
  secretAccessKey: setting("S3_SECRET_ACCESS_KEY", orNull(text), {
    default: "the SDK's own chain",
    description: "the access key's secret",
  }),
  forcePathStyle: setting("S3_FORCE_PATH_STYLE", orNull(flag), {
    default: "on with `S3_ENDPOINT`",
    description: "`endpoint/bucket/key` URLs (most self-hosted stores)",
  }),
  partBytes: setting("UPLOAD_PART_BYTES", orElse(whole(64 * 1024), 1024 * 1024), {
    default: "`1048576` (1 MiB)",
    description: "the part size of a video upload (at least 5 MiB on S3, at most 10 000 parts)",
  }),
  resumeHours: setting("UPLOAD_RESUME_HOURS", orElse(whole(), 24), {
    default: "`24`",
    description:
      "how long an unfinished video upload can be resumed; then it is given up and its video fails",
  }),
  abandonHours: setting("UPLOAD_ABANDON_HOURS", orNull(whole()), {
    default: "`24` (≥ `UPLOAD_RESUME_HOURS`)",
    description:
      "an upload unfinished this long is given up and its bytes removed; so is a finished video upload no video uses",
  }),
};

export const storageGroup = group("Storage", storageSettings);

export function storageOf(read: Read): StorageSettings {
  const s = storageSettings;
  const kind = read(s.storage);
  const endpoint = read(s.endpoint);
  const publicEndpoint = read(s.publicEndpoint);
  const bucket = read(s.bucket);
  if (kind === "s3" && bucket === null) throw new Error("S3_BUCKET is needed when STORAGE is s3");
  return {
    kind,
    s3:
      kind === "s3"
        ? {
            endpoint,
            publicEndpoint,
            region: read(s.region),
            bucket: bucket ?? "",
            accessKeyId: read(s.accessKeyId),
            secretAccessKey: read(s.secretAccessKey),
            forcePathStyle: read(s.forcePathStyle) ?? endpoint !== null,
          }
        : null,
    partBytes: read(s.partBytes),
    resumeMs: read(s.resumeHours) * 3600_000,
  };
}

/**
 * UPLOAD_ABANDON_HOURS: when the clean-up gives an unfinished upload up. Never before an upload in
 * parts can no longer be resumed (UPLOAD_RESUME_HOURS), or it would remove what may still go on.
 */
export function abandonMsOf(read: Read, storage: StorageSettings): number {
  const hours = read(storageSettings.abandonHours) ?? Math.max(24, storage.resumeMs / 3600_000);
  if (hours * 3600_000 < storage.resumeMs)
    throw new Error("UPLOAD_ABANDON_HOURS must not be below UPLOAD_RESUME_HOURS");
  return hours * 3600_000;
}

/** Where browsers send uploads besides this server (the bucket, with S3): the CSP's connect-src. */
export function uploadOrigins(storage: StorageSettings): string[] {
  const s3 = storage.s3;
  if (s3 === null) return [];
  const endpoint = s3.publicEndpoint ?? s3.endpoint;
  if (endpoint !== null) return [new URL(endpoint).origin.toLowerCase()];
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`.toLowerCase()];
}
