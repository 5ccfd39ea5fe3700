/** The codecs of an fMP4 init segment: H.264's profile and level from avcC, and AAC when there is audio. */
export function codecsOfInit(init: Buffer): string | null {
  const at = init.indexOf("avcC");
  if (at < 0 || at + 8 > init.length) return null;
  const hex = (byte: number | undefined) => (byte ?? 0).toString(16).padStart(2, "0");
  const video = `avc1.${hex(init[at + 5])}${hex(init[at + 6])}${hex(init[at + 7])}`;
  return init.includes("mp4a") ? `${video},mp4a.40.2` : video;
}

/** One rendition as a master playlist names it. */
export interface MasterEntry {
  /** Bits per second. */
  readonly bandwidth: number;
  /** 0 when not known (then no RESOLUTION). */
  readonly width: number;
  readonly height: number;
  readonly codecs: string | null;
  /** The rendition's playlist, relative to the master's URL. */
  readonly uri: string;
}

/** A master playlist (HLS multivariant) of these renditions, in this order. */
export function masterText(entries: readonly MasterEntry[]): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const entry of entries) {
    const attributes = [
      `BANDWIDTH=${String(entry.bandwidth)}`,
      ...(entry.width > 0 && entry.height > 0
        ? [`RESOLUTION=${String(entry.width)}x${String(entry.height)}`]
        : []),
      ...(entry.codecs === null ? [] : [`CODECS="${entry.codecs}"`]),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(",")}`, entry.uri);
  }
  return `${lines.join("\n")}\n`;
}
