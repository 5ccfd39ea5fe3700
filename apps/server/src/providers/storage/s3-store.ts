import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { S3_MIN_PART_BYTES } from "./store";
import type { MultipartTarget, ObjectStore, PartTarget, PutTarget, StoredObject } from "./store";

export interface S3Settings {
  /** The API's address as this server reaches it (none: AWS by region). */
  readonly endpoint: string | null;
  /** The address browsers send uploads to (a presigned URL names its host): default `endpoint`. */
  readonly publicEndpoint: string | null;
  readonly region: string;
  /** One bucket; the spec's buckets (PUBLIC, VIDEO) and MEDIA are prefixes in it. */
  readonly bucket: string;
  readonly accessKeyId: string | null;
  readonly secretAccessKey: string | null;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most self-hosted stores). */
  readonly forcePathStyle: boolean;
}

function clientOf(settings: S3Settings, endpoint: string | null): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        }
      : {}),
    // Recent SDKs sign a checksum of the (empty) body into presigned PUTs unless told not to: the
    // browser's real body would then never match it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const secondsUntil = (at: number) =>
  Math.max(1, Math.min(7 * 24 * 3600, Math.ceil((at - Date.now()) / 1000)));

function missing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible object storage. Browsers upload straight to the bucket with presigned URLs: a whole
 * PUT (type and length signed) or S3 multipart parts (each part's length signed). The bucket needs
 * a CORS rule allowing PUT from the app's origin and exposing `ETag` (the README says how).
 */
export class S3Store implements ObjectStore {
  readonly kind = "s3";
  readonly minPartBytes = S3_MIN_PART_BYTES;
  readonly uploadOrigin: string | null;
  private readonly client: S3Client;
  private readonly signer: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = clientOf(settings, settings.endpoint);
    const publicEndpoint = settings.publicEndpoint ?? settings.endpoint;
    this.signer = clientOf(settings, publicEndpoint);
    this.uploadOrigin = publicEndpoint ? new URL(publicEndpoint).origin : null;
  }

  private objectKey(bucket: string, key: string): string {
    return `${bucket}/${key}`;
  }

  signPut(target: PutTarget): Promise<string> {
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(target.bucket, target.key),
        ContentType: target.contentType,
        ...(target.size === null ? {} : { ContentLength: target.size }),
      }),
      {
        expiresIn: secondsUntil(target.expiresAt),
        signableHeaders: new Set(
          target.size === null ? ["content-type"] : ["content-type", "content-length"],
        ),
      },
    );
  }

  async startParts(bucket: string, key: string, contentType: string): Promise<string> {
    const started = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(bucket, key),
        ContentType: contentType,
      }),
    );
    if (!started.UploadId) throw new Error("the object store gave no UploadId");
    return started.UploadId;
  }

  signPart(target: PartTarget): Promise<string> {
    return getSignedUrl(
      this.signer,
      new UploadPartCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(target.bucket, target.key),
        UploadId: target.multipartId,
        PartNumber: target.partNumber,
        ContentLength: target.size,
      }),
      { expiresIn: secondsUntil(target.expiresAt), signableHeaders: new Set(["content-length"]) },
    );
  }

  async finishParts(
    target: MultipartTarget,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(target.bucket, target.key),
        UploadId: target.multipartId,
        MultipartUpload: {
          Parts: [...parts]
            .sort((a, b) => a.partNumber - b.partNumber)
            .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
        },
      }),
    );
  }

  async abortParts(target: MultipartTarget): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(target.bucket, target.key),
          UploadId: target.multipartId,
        }),
      );
    } catch (error) {
      // Gone already, or a store without the call (s3rver): the bucket's lifecycle rule for
      // incomplete multipart uploads clears what is left (README, Storage).
      const name = (error as { name?: string }).name;
      if (
        !missing(error) &&
        name !== "NoSuchUpload" &&
        name !== "NotImplemented" &&
        name !== "MethodNotAllowed"
      )
        throw error;
    }
  }

  async head(bucket: string, key: string): Promise<StoredObject | null> {
    try {
      const found = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(bucket, key) }),
      );
      return {
        size: found.ContentLength ?? 0,
        contentType: found.ContentType ?? null,
        modified: found.LastModified ?? null,
        etag: found.ETag ?? null,
      };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async read(bucket: string, key: string, range?: { start: number; end: number }): Promise<Readable> {
    const got = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(bucket, key),
        ...(range ? { Range: `bytes=${String(range.start)}-${String(range.end)}` } : {}),
      }),
    );
    if (!(got.Body instanceof Readable)) throw new Error("the object store's answer has no body");
    return got.Body;
  }

  async download(bucket: string, key: string, path: string): Promise<void> {
    await pipeline(await this.read(bucket, key), createWriteStream(path));
  }

  async upload(bucket: string, key: string, path: string, contentType: string): Promise<void> {
    const { size } = await stat(path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(bucket, key),
        Body: createReadStream(path),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async write(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(bucket, key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async remove(bucket: string, keys: readonly string[]): Promise<void> {
    // One call per object: DeleteObjects needs a body checksum some compatible stores refuse.
    for (let i = 0; i < keys.length; i += 16) {
      await Promise.all(
        keys
          .slice(i, i + 16)
          .map((key) =>
            this.client.send(
              new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(bucket, key) }),
            ),
          ),
      );
    }
  }

  async removePrefix(bucket: string, prefix: string): Promise<void> {
    if (prefix === "" || prefix === "/") throw new Error("refusing to remove a whole bucket");
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.objectKey(bucket, prefix.endsWith("/") ? prefix : `${prefix}/`),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) keys.push(item.Key.slice(bucket.length + 1));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    await this.remove(bucket, keys);
  }
}
