/**
 * Random tokens and the hashes every secret is stored as (decision 0007): SHA-256 for tokens, signs
 * and card secrets, HMAC for SMS codes, scrypt for passwords, and constant-time comparison.
 */
import { createHmac, hash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import type { BinaryLike, ScryptOptions } from "node:crypto";

/** An unguessable token (256 bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** How tokens, signs and card secrets are stored: SHA-256, so a database leak reveals none. */
export function sha256(text: string): string {
  // The one-shot hash: the same digest as createHash's, without a Hash object per call (every
  // signed-in request hashes its token: ≈ 2.5 % of a cached call's time, issue 41).
  return hash("sha256", text, "hex");
}

export function hmac(key: string, text: string): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}

/** A numeric code of `digits` digits (SMS codes). */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function scryptAsync(
  password: BinaryLike,
  salt: BinaryLike,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/**
 * scrypt parameters (OWASP: N=2^17, r=8, p=1 uses 128 MiB; 2^15 keeps 32 MiB per hash). N is
 * 2^cost (setting PASSWORD_HASH_COST, 15 by default): each hash records its own, so raising the cost
 * later still verifies every stored password.
 */
export const DEFAULT_HASH_COST = 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** scrypt's memory cap for a given N: twice what it needs (128 · N · r bytes). */
const maxmemOf = (n: number, r: number) => 256 * n * r;

/** A memory-hard hash of a password: "scrypt$N$r$p$salt$hash". */
export async function hashPassword(password: string, cost = DEFAULT_HASH_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize("NFC"), salt, KEYLEN, {
    N,
    r: R,
    p: P,
    maxmem: maxmemOf(N, R),
  });
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scryptAsync(password.normalize("NFC"), Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemOf(Number(n), Number(r)),
  });
  return timingSafeEqual(key, expected);
}
