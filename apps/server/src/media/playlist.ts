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

/**
 * The playlist a viewer gets: every segment, or (for a preview) those that start before the limit,
 * each URI made by `uriOf` (signed), and always an end, so the player knows the video ends there.
 */
export function renderPlaylist(
  playlist: MediaPlaylist,
  limitSeconds: number | null,
  uriOf: (file: string) => string,
): string {
  const shown = playlist.segments.filter((s) => limitSeconds === null || s.start < limitSeconds);
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
