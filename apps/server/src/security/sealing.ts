import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seal short secrets at rest (bank card numbers, payout destinations): AES-256-GCM with a key
 * derived from the server's signing key for one purpose, so the database alone reveals nothing.
 */
export class Sealer {
  private readonly key: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync("sha256", secret, "platform-h5", `seal:${purpose}`, 32));
    this.fingerprintKey = Buffer.from(
      hkdfSync("sha256", secret, "platform-h5", `fingerprint:${purpose}`, 32),
    );
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  open(sealed: string): string {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }

  /** A keyed hash: equal texts are found equal without being readable. */
  fingerprint(text: string): string {
    return createHmac("sha256", this.fingerprintKey).update(text).digest("hex");
  }
}
