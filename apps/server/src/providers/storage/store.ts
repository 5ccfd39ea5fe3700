import type { Readable } from "node:stream";

/**
 * Where uploaded files and the media made from them live (decision 0018): the data folder on this
 * machine (the default) or S3-compatible object storage, chosen by settings (`STORAGE`). Buckets
 * are the spec's `bucketEnum` (PUBLIC pictures, VIDEO sources) and MEDIA (transcoded renditions);
 * on S3 they are prefixes of one bucket.
 *
 * Uploads never pass through this interface's callers: a browser sends its bytes straight to a
 * signed URL (this server's own for the local store, the bucket's for S3), either whole (the spec's
 * PUT) or in parts of `partSize` (S3's multipart protocol, resumable). What arrived is recorded by
 * the upload module, part by part, so resuming needs no listing from the store.
 */
export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** S3 needs parts of at least 5 MiB (but the last); the local store takes any size. */
  readonly minPartBytes: number;
  /** The origin browsers send uploads to, when it is not this server (S3): for the CSP. */
  readonly uploadOrigin: string | null;

  /** A URL for one PUT of the whole object, of exactly `size` bytes and this type. */
  signPut(target: PutTarget): Promise<string>;
  /** Begin a multipart upload: its id at the store (S3's UploadId; the local store's own). */
  startParts(bucket: string, key: string, contentType: string): Promise<string>;
  /** A URL for one PUT of one part. */
  signPart(target: PartTarget): Promise<string>;
  /** Join the parts, in order, into the object (they must all have arrived). */
  finishParts(target: MultipartTarget, parts: readonly { partNumber: number; etag: string }[]): Promise<void>;
  /** Drop an unfinished multipart upload and whatever parts arrived. */
  abortParts(target: MultipartTarget): Promise<void>;

  head(bucket: string, key: string): Promise<StoredObject | null>;
  /** The object's bytes from `start` to `end` inclusive (all of it without a range). */
  read(bucket: string, key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Copy an object to a file on this machine (transcoding reads a local file). */
  download(bucket: string, key: string, path: string): Promise<void>;
  /** Store a file of this machine as an object. */
  upload(bucket: string, key: string, path: string, contentType: string): Promise<void>;
  /** Store bytes as an object (a re-encoded picture), whole or not at all. */
  write(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Remove objects (missing ones are fine). */
  remove(bucket: string, keys: readonly string[]): Promise<void>;
  /** Remove every object whose key starts with `prefix` (a clip's folder). */
  removePrefix(bucket: string, prefix: string): Promise<void>;
}

export interface StoredObject {
  readonly size: number;
  readonly contentType: string | null;
  /** When it last changed (for validators), if the store says. */
  readonly modified: Date | null;
  readonly etag: string | null;
}

export interface PutTarget {
  /** The upload's row id (the local store's URLs name it). */
  readonly uploadId: number;
  readonly bucket: string;
  readonly key: string;
  readonly contentType: string;
  /** The exact length, when the uploader said it (S3 then signs it); null: any up to the limit. */
  readonly size: number | null;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export interface MultipartTarget {
  readonly uploadId: number;
  readonly bucket: string;
  readonly key: string;
  /** `startParts`'s answer. */
  readonly multipartId: string;
}

export interface PartTarget extends MultipartTarget {
  readonly partNumber: number;
  readonly size: number;
  readonly expiresAt: number;
}

/** The smallest part S3 accepts (but the last). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
