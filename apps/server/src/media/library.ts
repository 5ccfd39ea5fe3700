import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cutSegment } from "./cut";
import { MANIFEST } from "./generate";
import type { ClipManifest } from "./generate";
import { parsePlaylist, previewSegmentName, straddledSegment } from "./playlist";
import type { MediaPlaylist } from "./playlist";
import { coverVariantFile, coverWidths } from "@platform/domain";
import type { CoverName } from "@platform/domain";
import { DEFAULT_RENDITION } from "./recipes";

/** Segment and init file names as ffmpeg writes them (nothing else in a clip folder is served). */
const MEDIA_FILE = /^(init\.mp4|seg_\d{5}\.m4s)$/;

/**
 * Where a rendition keeps its preview cuts (made on first request: derived data, made again when
 * missing). The version is that of the cutting rules: changed rules cut into a new folder.
 */
const PREVIEW_FOLDER = "previews-v1";

/**
 * The clips in the media folder, by key. Playlists are read once and kept (they never change: a
 * changed recipe is a new folder). Where old folders of a key remain, the newest one wins.
 */
export class MediaLibrary {
  private readonly clips = new Map<string, ClipManifest>();
  private readonly playlists = new Map<string, Promise<MediaPlaylist | null>>();
  /** Cuts being made by this process, so concurrent requests for one wait for the same work. */
  private readonly cutting = new Map<string, Promise<string>>();

  constructor(readonly dir: string) {
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

  keys(): string[] {
    return [...this.clips.keys()];
  }

  /** The rendition's parsed playlist, or null when the clip or rendition does not exist. */
  playlist(key: string, rendition: string): Promise<MediaPlaylist | null> {
    const clip = this.clips.get(key);
    if (!clip?.renditions.some((r) => r.name === rendition)) return Promise.resolve(null);
    const id = `${clip.folder}/${rendition}`;
    let cached = this.playlists.get(id);
    if (!cached) {
      cached = readFile(join(this.dir, clip.folder, rendition, "index.m3u8"), "utf8").then(parsePlaylist);
      this.playlists.set(id, cached);
    }
    return cached;
  }

  /** Where one of a clip's media files is on disk, or null for a name that is not one. */
  mediaFile(key: string, rendition: string, file: string): string | null {
    const clip = this.clips.get(key);
    if (!clip?.renditions.some((r) => r.name === rendition) || !MEDIA_FILE.test(file)) return null;
    return join(this.dir, clip.folder, rendition, file);
  }

  /**
   * Where a preview's cut of a segment is on disk (making it the first time), or null when the
   * clip, rendition or segment does not exist or the limit does not fall inside that segment.
   */
  async previewFile(key: string, rendition: string, file: string, limitMs: number): Promise<string | null> {
    const clip = this.clips.get(key);
    const playlist = await this.playlist(key, rendition);
    if (!clip || !playlist || straddledSegment(playlist, limitMs)?.file !== file) return null;
    const folder = join(this.dir, clip.folder, rendition, PREVIEW_FOLDER);
    const target = join(folder, previewSegmentName(file, limitMs));
    if (existsSync(target)) return target;
    let making = this.cutting.get(target);
    if (!making) {
      making = (async () => {
        const source = join(this.dir, clip.folder, rendition);
        const [init, segment] = await Promise.all([
          readFile(join(source, playlist.init)),
          readFile(join(source, file)),
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
    return making;
  }

  /** A cover picture's file, or null. */
  coverFile(folder: string, file: string): string | null {
    const clip = [...this.clips.values()].find((c) => c.folder === folder);
    if (!clip) return null;
    // The cover, the vertical cover, and their WebP renditions (`cover.w320.webp`, …).
    const pictures = [clip.cover, clip.verticalCover].flatMap((picture) => {
      if (picture === null) return [];
      const name = picture.replace(/\.jpg$/, "");
      const widths = name === "cover" || name === "vertical" ? coverWidths[name] : [];
      return [picture, ...widths.map((width) => coverVariantFile(name as CoverName, width))];
    });
    if (!pictures.includes(file)) return null;
    return join(this.dir, clip.folder, file);
  }

  coverUrl(key: string | null): string | null {
    const clip = this.clip(key);
    return clip ? `/api/media/covers/${clip.folder}/${clip.cover}` : null;
  }

  verticalCoverUrl(key: string | null): string | null {
    const clip = this.clip(key);
    return clip?.verticalCover ? `/api/media/covers/${clip.folder}/${clip.verticalCover}` : null;
  }

  /** The renditions a video offers (spec: multiResolutionList), best first, the default marked. */
  resolutions(
    key: string | null,
    videoId: number,
  ): { resolution: string; videoPlayUrl: string; defaultResolution: boolean }[] {
    const clip = this.clip(key);
    if (!clip) return [];
    return [...clip.renditions].reverse().map((r) => ({
      resolution: r.name,
      videoPlayUrl: `/api/media/hls/${String(videoId)}/${r.name}.m3u8`,
      defaultResolution: r.name === DEFAULT_RENDITION,
    }));
  }
}
