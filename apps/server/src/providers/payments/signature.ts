import { createHmac, timingSafeEqual } from "node:crypto";

/** The header both sides sign with: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = "x-pay-signature";

/** How old a signed message may be (replays of older ones are refused). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function sign(secret: string, body: string, at: Date): string {
  const t = String(Math.floor(at.getTime() / 1000));
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** True when `header` signs `body` with `secret` within the tolerance of `now`. */
export function verify(secret: string, body: string, header: string | undefined, now: Date): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const given = parts.v1 ?? "";
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() - t * 1000) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = createHmac("sha256", secret)
    .update(`${String(t)}.${body}`)
    .digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
