/**
 * A live room's playlists, decided per request like a video's (decision 0008): the caller's right
 * to the room is read from the database on every playlist, and every segment the playlist names is
 * signed for a few minutes — the signature is the permission to fetch it. The master playlist is
 * written here from the broadcast's renditions (with their codecs, read from each init segment).
 */
import type { AppContext } from "../../context";
import { codecsOfInit, masterText } from "../../media/master";
import type { MasterEntry } from "../../media/master";
import { segmentSignature, signedSecondsLeft } from "../media/segments";
import { readLiveFile } from "./files";
import type { RoomRow } from "./rooms";

/** Live segment URLs stay good this long (rounded up to the minute). */
const LIVE_URL_LIFETIME_MS = 10 * 60_000;

export const RENDITION = /^r\d{1,2}$/;
export const SESSION = /^[a-z0-9]{8,40}$/;
/** ffmpeg names the init segment `init_<n>.mp4` with several renditions and `init.mp4` with one. */
export const SEGMENT = /^(?:init(?:_\d{1,2})?\.mp4|s\d{1,9}\.m4s)$/;

export function liveSegmentUrl(ctx: AppContext, path: string): string {
  const expires = Math.ceil((ctx.now().getTime() + LIVE_URL_LIFETIME_MS) / 60_000) * 60;
  return `/api/live/seg/${path}?expires=${String(expires)}&sig=${segmentSignature(ctx, `live/${path}`, expires)}`;
}

export function liveSegmentSecondsLeft(
  ctx: AppContext,
  path: string,
  expires: string | undefined,
  sig: string | undefined,
): number | null {
  return signedSecondsLeft(ctx, `live/${path}`, expires, sig);
}

/**
 * A rendition's playlist as ffmpeg wrote it, each URI (segments, the init segment) signed; an
 * ended broadcast's gets its ENDLIST if the packager was stopped before writing it.
 */
export function rewriteLivePlaylist(text: string, sign: (file: string) => string, ended: boolean): string {
  const lines = text.split("\n").map((line) => {
    const trimmed = line.trim();
    if (trimmed === "") return trimmed;
    if (trimmed.startsWith("#EXT-X-MAP:"))
      return trimmed.replace(/URI="([^"]+)"/, (_all, file: string) => `URI="${sign(file)}"`);
    if (trimmed.startsWith("#")) return trimmed;
    return sign(trimmed);
  });
  const body = lines.filter((line) => line !== "").join("\n");
  return ended && !body.includes("#EXT-X-ENDLIST") ? `${body}\n#EXT-X-ENDLIST\n` : `${body}\n`;
}

async function initOf(
  ctx: AppContext,
  room: RoomRow,
  session: string,
  rendition: string,
): Promise<Buffer | null> {
  const playlist = (await readLiveFile(ctx, room.id, session, `${rendition}/index.m3u8`))?.toString("utf8");
  const file = playlist === undefined ? undefined : /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  if (file === undefined || !SEGMENT.test(file)) return null;
  return readLiveFile(ctx, room.id, session, `${rendition}/${file}`);
}

/** The master playlist of a live broadcast; null until its first rendition has begun. */
export async function liveMaster(ctx: AppContext, room: RoomRow): Promise<string | null> {
  if (room.session === null || room.renditions.length === 0) return null;
  const entries: MasterEntry[] = [];
  for (const rendition of room.renditions) {
    const init = await initOf(ctx, room, room.session, rendition.name);
    if (init === null) continue;
    const h = rendition.height > 0 ? rendition.height : 720;
    entries.push({
      bandwidth: Math.max(300_000, Math.round(h * h * 9)),
      width: rendition.width,
      height: rendition.height,
      codecs: codecsOfInit(init),
      uri: `${rendition.name}.m3u8`,
    });
  }
  return entries.length > 0 ? masterText(entries) : null;
}

/** A rendition's playlist of the room's broadcast, signed; null when there is none (yet). */
export async function livePlaylist(
  ctx: AppContext,
  room: RoomRow,
  rendition: string,
  ended: boolean,
): Promise<string | null> {
  if (room.session === null || !room.renditions.some((r) => r.name === rendition)) return null;
  const session = room.session;
  const text = (await readLiveFile(ctx, room.id, session, `${rendition}/index.m3u8`))?.toString("utf8");
  if (text === undefined) return null;
  return rewriteLivePlaylist(
    text,
    (file) => liveSegmentUrl(ctx, `${String(room.id)}/${session}/${rendition}/${file}`),
    ended,
  );
}
