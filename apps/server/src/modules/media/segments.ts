import type { AppContext } from "../../context";
import { hmac, sameText } from "../../security/hashing";

const HOUR_MS = 3600_000;

/** Signed segment URLs stay good at least this long (and twice the video's length). */
export const SEGMENT_URL_MIN_LIFETIME_MS = 6 * HOUR_MS;

export function segmentSignature(ctx: AppContext, path: string, expires: number): string {
  return hmac(ctx.secrets.signingKey, `segment:${path}:${String(expires)}`);
}

/**
 * A segment's URL, signed: the signature is the permission, so a CDN in front could serve it
 * without asking the server. Expiry is rounded up to the hour, so one viewer's playlists within an
 * hour name the same URLs (and caches can reuse them).
 */
export function signedSegmentUrl(ctx: AppContext, path: string, lengthMs: number): string {
  const lifetime = Math.max(SEGMENT_URL_MIN_LIFETIME_MS, lengthMs * 2);
  const expires = Math.ceil((ctx.now().getTime() + lifetime) / HOUR_MS) * (HOUR_MS / 1000);
  return `/api/media/seg/${path}?expires=${String(expires)}&sig=${segmentSignature(ctx, path, expires)}`;
}

/** The seconds a signed segment URL is still good for, or null when its signature or time fails. */
export function signedSecondsLeft(
  ctx: AppContext,
  path: string,
  expires: string | undefined,
  sig: string | undefined,
): number | null {
  // Written as it was signed (digits only): `0…`, `+…` or `1e9` would be other URLs of one segment.
  const expiresAt = typeof expires === "string" && /^[1-9]\d{0,11}$/.test(expires) ? Number(expires) : NaN;
  if (
    typeof sig !== "string" ||
    !Number.isSafeInteger(expiresAt) ||
    !sameText(sig, segmentSignature(ctx, path, expiresAt)) ||
    expiresAt * 1000 <= ctx.now().getTime()
  ) {
    return null;
  }
  return Math.max(0, Math.floor(expiresAt - ctx.now().getTime() / 1000));
}
