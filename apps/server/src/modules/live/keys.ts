/**
 * Stream keys (decision 0022): `<room>-<version>-<signature>`, the signature an HMAC of the room and
 * version with the signing key. Nothing secret is stored: the key is shown to its author by
 * deriving it again, regenerating bumps the room's version (the old key stops working at once),
 * and a forged key is refused from its form alone, before the database is asked.
 */
import type { AppContext } from "../../context";
import { hmac, sameText } from "../../security/hashing";

const KEY = /^([1-9]\d{0,14})-([1-9]\d{0,8})-([A-Za-z0-9_-]{32})$/;

function signature(signingKey: string, roomId: number, version: number): string {
  return hmac(signingKey, `live-key:${String(roomId)}:${String(version)}`).slice(0, 32);
}

export function streamKey(ctx: AppContext, roomId: number, version: number): string {
  return `${String(roomId)}-${String(version)}-${signature(ctx.secrets.signingKey, roomId, version)}`;
}

/** The room and version a key names, when its signature holds; null otherwise. */
export function parseStreamKey(signingKey: string, key: string): { roomId: number; version: number } | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const roomId = Number(match[1]);
  const version = Number(match[2]);
  if (!Number.isSafeInteger(roomId)) return null;
  return sameText(match[3] ?? "", signature(signingKey, roomId, version)) ? { roomId, version } : null;
}
