/**
 * Entering a game (decision 0021): a launch URL to the provider carrying a token signed for the
 * person, the game and LAUNCH_TOKEN_SECONDS, with a nonce of its own; the provider's first wallet
 * call (`session`) trades it for the player, once (`game_launches` keeps the nonces traded).
 */
import { createHmac, randomBytes } from "node:crypto";
import { sameText } from "../../security/hashing";
import type { AppContext } from "../../context";

export const LAUNCH_TOKEN_SECONDS = 300;

function mac(ctx: AppContext, payload: string): string {
  return createHmac("sha256", ctx.secrets.signingKey).update(`game-launch:${payload}`).digest("base64url");
}

export function launchToken(ctx: AppContext, userId: number, gameCode: string): string {
  const expires = Math.floor(ctx.now().getTime() / 1000) + LAUNCH_TOKEN_SECONDS;
  const nonce = randomBytes(12).toString("base64url");
  const payload = `${String(userId)}.${gameCode}.${String(expires)}.${nonce}`;
  return `${payload}.${mac(ctx, payload)}`;
}

/** The person, game and nonce a token was signed for, or null (forged, or expired). */
export function readLaunchToken(
  ctx: AppContext,
  token: string,
): { readonly userId: number; readonly gameCode: string; readonly nonce: string } | null {
  const match = /^(\d{1,16})\.([\w-]{1,64})\.(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
  if (match === null) return null;
  const [, user = "", gameCode = "", expires = "", nonce = "", given = ""] = match;
  if (!sameText(given, mac(ctx, `${user}.${gameCode}.${expires}.${nonce}`))) return null;
  if (Number(expires) * 1000 < ctx.now().getTime()) return null;
  const userId = Number(user);
  return Number.isSafeInteger(userId) ? { userId, gameCode, nonce } : null;
}

/** Where the provider's games are played: the configured provider, or this server's sandbox. */
export function providerPlayUrl(ctx: AppContext): string {
  return `${ctx.config.game.providerUrl ?? `${ctx.origin()}/sandbox/game`}/play`;
}
