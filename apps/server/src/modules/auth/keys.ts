import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { keySigns, serverKeys } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { randomToken, sha256 } from "../../security/hashing";

/** A `getKey` sign is good for one use within this time. */
export const SIGN_LIFETIME_MS = 5 * 60_000;

interface KeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
}

const loaded = new WeakMap<AppContext["db"], Promise<KeyPair>>();

/**
 * The RSA key pair for passwords: made once and kept in the database, so every server process and
 * every restart uses the same one.
 */
export function passwordKeys(ctx: AppContext): Promise<KeyPair> {
  let pair = loaded.get(ctx.db);
  if (!pair) {
    pair = (async () => {
      const [found] = await ctx.db.select().from(serverKeys).where(eq(serverKeys.name, "password"));
      if (found) return found;
      const made = generateKeyPairSync("rsa", {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
      await ctx.db
        .insert(serverKeys)
        .values({ name: "password", ...made })
        .onConflictDoNothing();
      const [row] = await ctx.db.select().from(serverKeys).where(eq(serverKeys.name, "password"));
      if (!row) throw new Error("the password key pair could not be stored");
      return row;
    })();
    loaded.set(ctx.db, pair);
  }
  return pair;
}

export async function issueSign(ctx: AppContext): Promise<string> {
  const sign = randomToken(24);
  await ctx.db
    .insert(keySigns)
    .values({ signHash: sha256(sign), expiresAt: new Date(ctx.now().getTime() + SIGN_LIFETIME_MS) });
  return sign;
}

/** Use a sign once: an unknown, used or expired sign is refused. */
export async function consumeSign(ctx: AppContext, sign: string): Promise<void> {
  const now = ctx.now();
  const used = await ctx.db
    .update(keySigns)
    .set({ usedAt: now })
    .where(and(eq(keySigns.signHash, sha256(sign)), isNull(keySigns.usedAt), gt(keySigns.expiresAt, now)))
    .returning({ signHash: keySigns.signHash });
  if (used.length === 0) throw new BusinessError(BusinessCode.invalid, ServerMessage.badSign);
}

/** Open a password sealed with RSA-OAEP SHA-256 by the client (after UTF-8 encoding). */
export async function openPassword(ctx: AppContext, ciphertext: string): Promise<string> {
  const { privateKey } = await passwordKeys(ctx);
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(ciphertext, "base64"),
    ).toString("utf8");
  } catch {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.badPassword);
  }
}
