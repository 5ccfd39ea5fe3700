/** One media segment of an HLS playlist, with where it starts (seconds). */
export interface Segment {
  readonly file: string;
  readonly duration: number;
  readonly start: number;
}

export interface MediaPlaylist {
  /** The fMP4 init segment (EXT-X-MAP). */
  readonly init: string;
  readonly segments: readonly Segment[];
  readonly targetDuration: number;
}

/** Read a VOD media playlist as ffmpeg writes it (fMP4: EXT-X-MAP, EXTINF, segment lines). */
export function parsePlaylist(text: string): MediaPlaylist {
  let init = "";
  let duration: number | null = null;
  let start = 0;
  const segments: Segment[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("#EXT-X-MAP:")) init = /URI="([^"]+)"/.exec(line)?.[1] ?? "";
    else if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line !== "" && !line.startsWith("#") && duration !== null) {
      segments.push({ file: line, duration, start });
      start += duration;
      duration = null;
    }
  }
  if (init === "" || segments.length === 0) throw new Error("not an fMP4 media playlist");
  return { init, segments, targetDuration: Math.ceil(Math.max(...segments.map((s) => s.duration))) };
}

/** A preview's cut of a segment, named by the segment and the limit (ms) it ends at. */
const PREVIEW_SEGMENT = /^(seg_\d{5})\.preview-(\d{1,9})ms\.m4s$/;

export function previewSegmentName(file: string, limitMs: number): string {
  return `${file.replace(/\.m4s$/, "")}.preview-${String(limitMs)}ms.m4s`;
}

/** The segment and limit a preview cut's name stands for, or null for any other name. */
export function parsePreviewSegmentName(name: string): { file: string; limitMs: number } | null {
  const match = PREVIEW_SEGMENT.exec(name);
  return match ? { file: `${match[1] ?? ""}.m4s`, limitMs: Number(match[2]) } : null;
}

/** Whole microseconds, so sums of EXTINF values compare exactly with a limit in milliseconds. */
const micros = (seconds: number) => Math.round(seconds * 1e6);

/**
 * The segment a preview ends in, when the limit falls inside one (not on a boundary): that
 * segment, cut at the limit, is the preview's last.
 */
export function straddledSegment(playlist: MediaPlaylist, limitMs: number): Segment | undefined {
  const limit = limitMs * 1000;
  return playlist.segments.find((s) => micros(s.start) < limit && limit < micros(s.start + s.duration));
}

/**
 * The playlist a viewer gets: every segment, or (for a preview, `limitMs` not null) the segments
 * before the limit and, where the limit falls inside a segment, that segment's cut at the limit
 * (its own name, its length up to the limit), so the preview lasts the limit; the cut's media ends
 * within a frame of it (a B-frame group with a B-pyramid, see cut.ts). Every URI is made by `uriOf`
 * (signed), and there is always an end, so the player knows the video ends there.
 */
export function renderPlaylist(
  playlist: MediaPlaylist,
  limitMs: number | null,
  uriOf: (file: string) => string,
): string {
  const cut = limitMs === null ? undefined : straddledSegment(playlist, limitMs);
  const shown = playlist.segments
    .filter((s) => limitMs === null || micros(s.start) < limitMs * 1000)
    .map((s) =>
      s === cut && limitMs !== null
        ? { file: previewSegmentName(s.file, limitMs), duration: (limitMs * 1000 - micros(s.start)) / 1e6 }
        : s,
    );
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${String(playlist.targetDuration)}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    `#EXT-X-MAP:URI="${uriOf(playlist.init)}"`,
    ...shown.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, uriOf(s.file)]),
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}
