/**
 * The two kinds of encryption on the wire.
 *
 * 1. The `req` field of token endpoints (spec §7): the params plus `curtime` as JSON, sealed with
 *    AES-256-GCM under a fixed key from configuration. Wire form: base64 of
 *    `iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes)`, a fresh random iv each time. GCM authenticates, so
 *    a changed byte is refused rather than decrypted to garbage. Web Crypto does the work (browsers
 *    in a secure context, Node ≥ 20), so no library is shipped for it.
 * 2. Passwords: RSA-OAEP with SHA-256 under the public key from `getKey`, via jsencrypt, which is
 *    loaded only when a password is encrypted. The password is UTF-8 encoded first, because
 *    jsencrypt's OAEP path turns each character into one byte (docs/architecture.md).
 */

import { toBase64 } from "./basic";

// Loaded on first use (request.ts, flows.ts): only token calls and passwords need it, so it is in
// no page's first load (Step 23).
export { basicAuthorization } from "./basic";

const IV_BYTES = 12;

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

type AesKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const keyCache = new Map<string, Promise<AesKey>>();

function aesKey(base64Key: string): Promise<AesKey> {
  let key = keyCache.get(base64Key);
  if (!key) {
    const raw = fromBase64(base64Key);
    if (raw.length !== 32) throw new Error("the req key must be 32 bytes (base64)");
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keyCache.set(base64Key, key);
  }
  return key;
}

/** Seal token-endpoint params, with `curtime` (ms since the epoch) added, into the `req` text. */
export async function encryptReq(
  params: Readonly<Record<string, unknown>>,
  base64Key: string,
  curtime: number = Date.now(),
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify({ ...params, curtime }));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(base64Key), plain),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** Open a `req` text; throws when it was not sealed with this key or was changed. */
export async function decryptReq(req: string, base64Key: string): Promise<Record<string, unknown>> {
  const bytes = fromBase64(req);
  if (bytes.length <= IV_BYTES + 16) throw new Error("req is too short");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES) },
    await aesKey(base64Key),
    bytes.subarray(IV_BYTES),
  );
  const value: unknown = JSON.parse(new TextDecoder().decode(plain));
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("req is not an object");
  return value as Record<string, unknown>;
}

/** The most a 2048-bit RSA-OAEP SHA-256 block can carry. */
export const MAX_PASSWORD_BYTES = 190;

/**
 * Encrypt a password for the server with the `getKey` public key (PEM or bare base64): jsencrypt's
 * RSA-OAEP SHA-256, loaded on first use. Where jsencrypt's ES module cannot load (plain Node, whose
 * resolver refuses its extensionless imports), Web Crypto's RSA-OAEP SHA-256 does the same job.
 */
export async function encryptPassword(password: string, publicKey: string): Promise<string> {
  const utf8 = new TextEncoder().encode(password);
  if (utf8.length > MAX_PASSWORD_BYTES) throw new RangeError("password too long to encrypt");
  const JSEncrypt = await import("jsencrypt").then(
    (mod) => mod.JSEncrypt,
    () => null,
  );
  if (!JSEncrypt) return encryptPasswordWithWebCrypto(utf8, publicKey);
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const sealed = rsa.encryptOAEP(String.fromCharCode(...utf8));
  if (sealed === false) throw new Error("password encryption failed (is the public key valid?)");
  return sealed;
}

/** RSA-OAEP SHA-256 through Web Crypto (Node, workers, secure browser contexts). */
export async function encryptPasswordWithWebCrypto(utf8: Uint8Array, publicKey: string): Promise<string> {
  const der = fromBase64(publicKey.replace(/-----[^-]+-----|\s/g, ""));
  const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, [
    "encrypt",
  ]);
  const sealed = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new Uint8Array(utf8));
  return toBase64(new Uint8Array(sealed));
}
