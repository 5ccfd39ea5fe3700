import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Where the test suites' seed media (the quick profile) is made once and kept between runs. */
export const testMediaDir = fileURLToPath(new URL("../.cache/test-media", import.meta.url));

/** One packet of a media file as ffprobe reads it (seconds, edit lists applied). */
export interface Packet {
  readonly stream: number;
  readonly pts: number;
  readonly duration: number;
}

/** The packets ffprobe reads from an fMP4 file (init + segments; stream 0 is video). */
export function packetsOf(mp4: Buffer): Packet[] {
  const run = spawnSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "packet=stream_index,pts_time,duration_time", "-of", "json", "-i", "-"],
    { input: mp4, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`ffprobe failed: ${run.stderr}`);
  const json = JSON.parse(run.stdout) as {
    packets: { stream_index: number; pts_time: string; duration_time?: string }[];
  };
  return json.packets.map((p) => ({
    stream: p.stream_index,
    pts: Number(p.pts_time),
    // ffprobe leaves some durations out (N/A): those count as none.
    duration: Number(p.duration_time) || 0,
  }));
}

/** What ffmpeg complains about when decoding an fMP4 file (nothing: it decodes cleanly). */
export function decodeErrorsOf(mp4: Buffer): string {
  const run = spawnSync("ffmpeg", ["-v", "error", "-i", "-", "-f", "null", "-"], {
    input: mp4,
    encoding: "utf8",
  });
  return `${run.stderr}${run.status === 0 ? "" : `exit ${String(run.status)}`}`;
}

/** The URIs of an HLS playlist (the init segment first). */
export function urisOf(playlist: string): string[] {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  return [...(init ? [init] : []), ...playlist.split("\n").filter((l) => l !== "" && !l.startsWith("#"))];
}

/** The seconds an HLS playlist lasts (its segments' EXTINF summed). */
export function playlistSeconds(playlist: string): number {
  return [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, m) => sum + Number(m[1]), 0);
}
