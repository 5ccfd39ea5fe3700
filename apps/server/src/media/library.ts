import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buffer, text } from "node:stream/consumers";
import type { ObjectStore } from "../providers/storage/store";
import { cutSegment } from "./cut";
import { MANIFEST } from "./generate";
import type { ClipManifest } from "./generate";
import { parsePlaylist, previewSegmentName, straddledSegment } from "./playlist";
import type { MediaPlaylist } from "./playlist";
import { coverVariantFile, coverWidths } from "@platform/domain";
import type { CoverName } from "@platform/domain";
import { DEFAULT_RENDITION } from "./recipes";
import { codecsOfInit } from "./master";

/** A rendition as a master playlist names it (`EXT-X-STREAM-INF`). */
export interface Variant {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Bits per second, as the manifest gives them. */
  readonly bandwidth: number;
  /** From the rendition's init segment; null when it cannot be read. */
  readonly codecs: string | null;
}

/** Segment and init file names as ffmpeg writes them (nothing else in a clip folder is served). */
const MEDIA_FILE = /^(init\.mp4|seg_\d{5}\.m4s)$/;

/**
 * Where a rendition keeps its preview cuts (made on first request: derived data, made again when
 * missing). The version is that of the cutting rules: changed rules cut into a new folder.
 */
const PREVIEW_FOLDER = "previews-v1";

/** The bucket of the object store that holds clips made from uploads (decision 0018). */
export const MEDIA_BUCKET = "MEDIA";

/** Where one of a clip's files is: a file of this machine, or an object of the store. */
export type MediaSource =
  | { readonly kind: "disk"; readonly path: string }
  | { readonly kind: "object"; readonly bucket: string; readonly key: string };

/**
 * A clip made from an upload is named so: `v<video id>-<16 hex digits of its upload's key>` (its
 * folder too): unique across databases, so media kept over a reset database never answers for
 * another video.
 */
export const UPLOADED_CLIP = /^v\d{1,16}-[0-9a-f]{16}$/;

/** The rendition a clip plays by default: 480p; a small upload, only smaller ones, its best. */
function preferredRendition(clip: ClipManifest): string | undefined {
  return clip.renditions.some((r) => r.name === DEFAULT_RENDITION)
    ? DEFAULT_RENDITION
    : clip.renditions.at(-1)?.name;
}

/** What a clip's master playlist names: its renditions up to the default one, the lightest first. */
function masterRenditions(clip: ClipManifest): ClipManifest["renditions"] {
  const preferred = preferredRendition(clip);
  const cap = clip.renditions.find((r) => r.name === preferred)?.bandwidth ?? Infinity;
  return clip.renditions.filter((r) => r.bandwidth <= cap).sort((a, b) => a.bandwidth - b.bandwidth);
}

/**
 * The clips in the media folder, by key. Playlists are read once and kept (they never change: a
 * changed recipe is a new folder). Where old folders of a key remain, the newest one wins.
 */
export class MediaLibrary {
  private readonly clips = new Map<string, ClipManifest>();
  private readonly playlists = new Map<string, Promise<MediaPlaylist | null>>();
  private readonly variantLists = new Map<string, Promise<Variant[]>>();
  /** Cuts being made by this process, so concurrent requests for one wait for the same work. */
  private readonly cutting = new Map<string, Promise<string>>();
  /** Clips whose files are objects of the store (S3), not files of the media folder. */
  private readonly stored = new Set<string>();

  /**
   * `store`: where clips made from uploads are when they are not in the media folder (S3); the
   * seed's clips are always files here.
   */
  constructor(
    readonly dir: string,
    private readonly store: ObjectStore | null = null,
  ) {
    if (!existsSync(dir)) return;
    const found = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith(".") && existsSync(join(dir, e.name, MANIFEST)))
      .map((e) => JSON.parse(readFileSync(join(dir, e.name, MANIFEST), "utf8")) as ClipManifest);
    for (const clip of found) this.clips.set(clip.key, clip);
  }

  /** Use these clips for their keys (the ones just made or checked by ensureSeedMedia). */
  prefer(clips: readonly ClipManifest[]): void {
    for (const clip of clips) this.clips.set(clip.key, clip);
  }

  clip(key: string | null): ClipManifest | undefined {
    return key === null ? undefined : this.clips.get(key);
  }

  /**
   * A clip by key, looking beyond what this process knows for clips made from uploads (another
   * process may have made it): the object store (the data folder's, or S3). Manifests never
   * change, so a found one is kept.
   */
  async load(key: string | null): Promise<ClipManifest | undefined> {
    if (key === null) return undefined;
    const known = this.clips.get(key);
    if (known || !UPLOADED_CLIP.test(key) || !this.store) return known;
    if (!(await this.store.head(MEDIA_BUCKET, `${key}/${MANIFEST}`))) return undefined;
    const manifest = JSON.parse(
      await text(await this.store.read(MEDIA_BUCKET, `${key}/${MANIFEST}`)),
    ) as ClipManifest;
    this.adopt(manifest);
    return manifest;
  }

  /** A clip made from an upload, kept in the object store (the transcoder's, or found there). */
  adopt(clip: ClipManifest): void {
    this.clips.set(clip.key, clip);
    this.stored.add(clip.key);
  }

  /** Forget a clip (its video was deleted): its files are gone. */
  forget(key: string): void {
    const clip = this.clips.get(key);
    this.clips.delete(key);
    this.stored.delete(key);
    if (clip) for (const r of clip.renditions) this.playlists.delete(`${clip.folder}/${r.name}`);
    if (clip) this.variantLists.delete(clip.folder);
  }

  /** One of a clip's files (relative to its folder) as bytes. */
  private async readClipFile(clip: ClipManifest, file: string): Promise<Buffer> {
    if (this.stored.has(clip.key) && this.store) {
      return buffer(await this.store.read(MEDIA_BUCKET, `${clip.folder}/${file}`));
    }
    return readFile(join(this.dir, clip.folder, file));
  }

  private sourceOf(clip: ClipManifest, file: string): MediaSource {
    return this.stored.has(clip.key)
      ? { kind: "object", bucket: MEDIA_BUCKET, key: `${clip.folder}/${file}` }
      : { kind: "disk", path: join(this.dir, clip.folder, file) };
  }

  keys(): string[] {
    return [...this.clips.keys()];
  }

  /** The rendition's parsed playlist, or null when the clip or rendition does not exist. */
  async playlist(key: string, rendition: string): Promise<MediaPlaylist | null> {
    const clip = await this.load(key);
    if (!clip?.renditions.some((r) => r.name === rendition)) return null;
    const id = `${clip.folder}/${rendition}`;
    let cached = this.playlists.get(id);
    if (!cached) {
      cached = this.readClipFile(clip, `${rendition}/index.m3u8`).then((bytes) =>
        parsePlaylist(bytes.toString("utf8")),
      );
      cached.catch(() => this.playlists.delete(id));
      this.playlists.set(id, cached);
    }
    return cached;
  }

  /**
   * The clip's renditions for a master playlist, the lightest first (a player starts with the first
   * and adapts up), up to the default one (`resolutions`' default: 480p, what a phone played before
   * there was a master): a browser's own HLS player, its first segment answered at once from the
   * page's preload, takes the link for fast and would climb to 720p, whose bitrate a weak network
   * cannot carry (it stalled every few seconds at 1.6 Mbps). 720p stays a choice of the menu. Each
   * with its codecs read once from its init segment.
   */
  async variants(key: string): Promise<Variant[]> {
    const clip = await this.load(key);
    if (!clip) return [];
    let cached = this.variantLists.get(clip.folder);
    if (!cached) {
      cached = Promise.all(
        masterRenditions(clip).map(async (r) => {
          const playlist = await this.playlist(key, r.name);
          const init = playlist === null ? null : await this.readClipFile(clip, `${r.name}/${playlist.init}`);
          return { ...r, codecs: init === null ? null : codecsOfInit(init) };
        }),
      );
      cached.catch(() => this.variantLists.delete(clip.folder));
      this.variantLists.set(clip.folder, cached);
    }
    return cached;
  }

  /** Where one of a clip's media files is, or null for a name that is not one. */
  async mediaFile(key: string, rendition: string, file: string): Promise<MediaSource | null> {
    const clip = await this.load(key);
    if (!clip?.renditions.some((r) => r.name === rendition) || !MEDIA_FILE.test(file)) return null;
    return this.sourceOf(clip, `${rendition}/${file}`);
  }

  /**
   * Where a preview's cut of a segment is on disk (making it the first time), or null when the
   * clip, rendition or segment does not exist or the limit does not fall inside that segment.
   */
  async previewFile(
    key: string,
    rendition: string,
    file: string,
    limitMs: number,
  ): Promise<MediaSource | null> {
    const clip = await this.load(key);
    const playlist = await this.playlist(key, rendition);
    if (!clip || !playlist || straddledSegment(playlist, limitMs)?.file !== file) return null;
    // Cuts are derived data, kept on this machine (for a stored clip: a cache made again when missing).
    const base = this.stored.has(clip.key)
      ? join(this.dir, ".cache", clip.folder)
      : join(this.dir, clip.folder);
    const folder = join(base, rendition, PREVIEW_FOLDER);
    const target = join(folder, previewSegmentName(file, limitMs));
    if (existsSync(target)) return { kind: "disk", path: target };
    let making = this.cutting.get(target);
    if (!making) {
      making = (async () => {
        const [init, segment] = await Promise.all([
          this.readClipFile(clip, `${rendition}/${playlist.init}`),
          this.readClipFile(clip, `${rendition}/${file}`),
        ]);
        const cut = cutSegment(init, segment, limitMs);
        // Written aside and renamed into place: another process may be making the same cut, and a
        // reader never sees half a file.
        await mkdir(folder, { recursive: true });
        const temporary = join(folder, `.${randomBytes(6).toString("hex")}.tmp`);
        try {
          await writeFile(temporary, cut.bytes);
          await rename(temporary, target);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        return target;
      })().finally(() => this.cutting.delete(target));
      this.cutting.set(target, making);
    }
    return { kind: "disk", path: await making };
  }

  /** A cover picture's file, or null. */
  async coverFile(folder: string, file: string): Promise<MediaSource | null> {
    const clip =
      [...this.clips.values()].find((c) => c.folder === folder) ??
      (UPLOADED_CLIP.test(folder) ? await this.load(folder) : undefined);
    if (!clip) return null;
    // The cover, the vertical cover, and their WebP renditions (`cover.w320.webp`, …).
    const pictures = [clip.cover, clip.verticalCover].flatMap((picture) => {
      if (picture === null) return [];
      const name = picture.replace(/\.jpg$/, "");
      const widths = name === "cover" || name === "vertical" ? coverWidths[name] : [];
      return [picture, ...widths.map((width) => coverVariantFile(name as CoverName, width))];
    });
    if (!pictures.includes(file)) return null;
    return this.sourceOf(clip, file);
  }

  coverUrl(key: string | null): string | null {
    const clip = this.clip(key);
    return clip ? `/api/media/covers/${clip.folder}/${clip.cover}` : null;
  }

  verticalCoverUrl(key: string | null): string | null {
    const clip = this.clip(key);
    return clip?.verticalCover ? `/api/media/covers/${clip.folder}/${clip.verticalCover}` : null;
  }

  /**
   * The video's master playlist (`master.m3u8`: routes of modules/media), named with the viewer's
   * access like its renditions'; null when there is nothing to adapt between (one rendition up to
   * the default, `variants`).
   */
  adaptiveUrl(key: string | null, videoId: number, access: string): string | null {
    const clip = this.clip(key);
    if (!clip || masterRenditions(clip).length < 2) return null;
    return `/api/media/hls/${String(videoId)}/master.m3u8?access=${access}`;
  }

  /**
   * The renditions a video offers (spec: multiResolutionList), best first, the default marked. With
   * `access` (the viewer's `playlistAccess`), each playlist's URL names what it holds for them, so a
   * browser may keep it a while (media routes) and a change of rights is a new URL.
   */
  resolutions(
    key: string | null,
    videoId: number,
    access?: string,
  ): { resolution: string; videoPlayUrl: string; defaultResolution: boolean }[] {
    const clip = this.clip(key);
    if (!clip) return [];
    const preferred = preferredRendition(clip);
    return [...clip.renditions].reverse().map((r) => ({
      resolution: r.name,
      videoPlayUrl: `/api/media/hls/${String(videoId)}/${r.name}.m3u8${access === undefined ? "" : `?access=${access}`}`,
      defaultResolution: r.name === preferred,
    }));
  }
}
