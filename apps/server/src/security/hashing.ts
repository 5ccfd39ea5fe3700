/**
 * Random tokens and the hashes every secret is stored as (decision 0007): SHA-256 for tokens, signs
 * and card secrets, HMAC for SMS codes, scrypt for passwords, and constant-time comparison.
 */
import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import type { BinaryLike, ScryptOptions } from "node:crypto";

/** An unguessable token (256 bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** How tokens, signs and card secrets are stored: SHA-256, so a database leak reveals none. */
export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
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

/** scrypt parameters (OWASP: N=2^17, r=8, p=1 uses 128 MiB; 2^15 keeps 32 MiB per hash). */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/** A memory-hard hash of a password: "scrypt$N$r$p$salt$hash". */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize("NFC"), salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
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
    maxmem: MAXMEM,
  });
  return timingSafeEqual(key, expected);
}
