import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { once } from "node:events";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Transform } from "node:stream";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MultipartTarget, ObjectStore, PartTarget, PutTarget, StoredObject } from "./store";

/** What the local store's upload URLs point at: this server's own routes, signed by the caller. */
export interface LocalUrlSigner {
  /** The URL of a whole upload's PUT. */
  put(uploadId: number, expiresAt: number): string;
  /** The URL of one part's PUT. */
  part(uploadId: number, partNumber: number, expiresAt: number): string;
}

/** A part that arrived: its size and the MD5 of its bytes (quoted, as S3 writes an ETag). */
export interface ArrivedPart {
  readonly size: number;
  readonly etag: string;
}

/**
 * The data folder as object storage: `<root>/<bucket>/<key>`, parts of unfinished uploads under
 * `<root>/.parts/<upload id>/`. A bucket may live elsewhere (MEDIA is the media folder, where the
 * seed's clips are too). Files are written aside and renamed, so a reader never sees half of one.
 */
export class LocalStore implements ObjectStore {
  readonly kind = "local";
  readonly minPartBytes = 1;
  readonly uploadOrigin = null;

  constructor(
    private readonly root: string,
    private readonly signer: LocalUrlSigner,
    private readonly bucketRoots: Readonly<Record<string, string>> = {},
  ) {}

  /** Where an object is on disk; a key that would leave its bucket's folder is refused. */
  pathOf(bucket: string, key: string): string {
    const base = this.bucketPath(bucket);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error("a key outside its bucket");
    return path;
  }

  private bucketPath(bucket: string): string {
    return resolve(this.bucketRoots[bucket] ?? join(this.root, bucket));
  }

  private partsDir(uploadId: number): string {
    return join(this.root, ".parts", String(uploadId));
  }

  signPut(target: PutTarget): Promise<string> {
    return Promise.resolve(this.signer.put(target.uploadId, target.expiresAt));
  }

  startParts(): Promise<string> {
    return Promise.resolve(`local-${randomUUID()}`);
  }

  signPart(target: PartTarget): Promise<string> {
    return Promise.resolve(this.signer.part(target.uploadId, target.partNumber, target.expiresAt));
  }

  /**
   * Receive one part (the PUT of a signed part URL): exactly `size` bytes, else nothing is kept.
   * Answers its size and ETag, or why it was refused. A part sent again replaces the first.
   */
  async writePart(
    uploadId: number,
    partNumber: number,
    body: Readable,
    size: number,
  ): Promise<ArrivedPart | "wrongSize" | "broken"> {
    const dir = this.partsDir(uploadId);
    await mkdir(dir, { recursive: true });
    const aside = join(dir, `.${String(partNumber)}.${randomUUID()}`);
    const md5 = createHash("md5");
    let seen = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > size) {
          callback(new Error("too large"));
          return;
        }
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, count, createWriteStream(aside));
    } catch {
      await rm(aside, { force: true });
      return seen > size ? "wrongSize" : "broken";
    }
    if (seen !== size) {
      await rm(aside, { force: true });
      return "wrongSize";
    }
    await rename(aside, join(dir, String(partNumber)));
    return { size, etag: `"${md5.digest("hex")}"` };
  }

  /**
   * Receive a whole object (the PUT of a signed upload URL): at most `maxBytes`, else nothing is
   * kept; written aside and renamed when whole.
   */
  async writeWhole(
    bucket: string,
    key: string,
    body: Readable,
    maxBytes: number,
  ): Promise<{ readonly size: number } | "tooLarge" | "broken"> {
    const path = this.pathOf(bucket, key);
    await mkdir(dirname(path), { recursive: true });
    const aside = `${path}.${randomUUID()}.part`;
    let seen = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > maxBytes) callback(new Error("too large"));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, cap, createWriteStream(aside));
    } catch {
      await rm(aside, { force: true });
      return seen > maxBytes ? "tooLarge" : "broken";
    }
    await rename(aside, path);
    return { size: seen };
  }

  async finishParts(
    target: MultipartTarget,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void> {
    const dir = this.partsDir(target.uploadId);
    const path = this.pathOf(target.bucket, target.key);
    await mkdir(dirname(path), { recursive: true });
    const aside = `${path}.${randomUUID()}.part`;
    const out = createWriteStream(aside);
    const failed = new Promise<never>((_, fail) => out.once("error", fail));
    failed.catch(() => undefined);
    try {
      // One stream written part after part (a pipeline per part would stack listeners on it).
      for (const part of [...parts].sort((a, b) => a.partNumber - b.partNumber)) {
        for await (const chunk of createReadStream(join(dir, String(part.partNumber)))) {
          if (!out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
        }
      }
      out.end();
      await Promise.race([once(out, "finish"), failed]);
      await rename(aside, path);
    } catch (error) {
      out.destroy();
      await rm(aside, { force: true });
      throw error;
    }
    await rm(dir, { recursive: true, force: true });
  }

  async abortParts(target: MultipartTarget): Promise<void> {
    await rm(this.partsDir(target.uploadId), { recursive: true, force: true });
  }

  async head(bucket: string, key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(bucket, key));
      if (!info.isFile()) return null;
      return { size: info.size, contentType: null, modified: info.mtime, etag: null };
    } catch {
      return null;
    }
  }

  read(bucket: string, key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(bucket, key);
    return Promise.resolve(createReadStream(path, range ? { start: range.start, end: range.end } : {}));
  }

  async download(bucket: string, key: string, path: string): Promise<void> {
    await copyFile(this.pathOf(bucket, key), path);
  }

  async upload(bucket: string, key: string, path: string): Promise<void> {
    const target = this.pathOf(bucket, key);
    await mkdir(dirname(target), { recursive: true });
    const aside = `${target}.${randomUUID()}.part`;
    await copyFile(path, aside);
    await rename(aside, target);
  }

  async write(bucket: string, key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(bucket, key);
    await mkdir(dirname(target), { recursive: true });
    const aside = `${target}.${randomUUID()}.part`;
    await writeFile(aside, bytes);
    await rename(aside, target);
  }

  /**
   * Move a folder of this machine into a bucket as `prefix/…` in one rename (a clip made by the
   * transcoder): the folder appears whole or not at all. False when it exists already.
   */
  async adoptFolder(bucket: string, prefix: string, folder: string): Promise<boolean> {
    const target = this.pathOf(bucket, prefix);
    if (existsSync(target)) return false;
    await mkdir(dirname(target), { recursive: true });
    await rename(folder, target);
    return true;
  }

  async remove(bucket: string, keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(bucket, key), { force: true })));
  }

  async removePrefix(bucket: string, prefix: string): Promise<void> {
    await rm(this.pathOf(bucket, prefix), { recursive: true, force: true });
  }

  /** Every file under a folder of a bucket, as keys (for tests and clean-ups). */
  async list(bucket: string, prefix: string): Promise<string[]> {
    const base = this.pathOf(bucket, prefix);
    const found: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else found.push(relative(this.bucketPath(bucket), path));
      }
    };
    await walk(base);
    return found;
  }
}
