/**
 * The seamless wallet between the platform and a game provider (decision 0021): what each call
 * carries and answers. The provider signs every body with its secret (header GAME_SIGNATURE_HEADER,
 * the payments' `t=…,v1=…` scheme over the raw body); the platform answers JSON.
 */
import { createHmac } from "node:crypto";
import { z } from "zod";

export const GAME_SIGNATURE_HEADER = "x-game-signature";

/** The wallet's calls, under /api/game/wallet/. */
/** A game's code as the lobby names it: letters, digits, `_`, `.`, `-` (never NUL or other controls). */
const gameCode = z.string().regex(/^[\w.-]{1,64}$/);

export const walletCalls = {
  /** Trade a launch token for the player (at the start of a game). */
  session: z.object({ token: z.string().min(1).max(512) }),
  balance: z.object({ playerId: z.string().regex(/^\d{1,16}$/) }),
  bet: z.object({
    playerId: z.string().regex(/^\d{1,16}$/),
    gameCode,
    /** The provider's id of this bet: a replay of it changes nothing. */
    transactionId: z.string().regex(/^[\w:.-]{1,96}$/),
    amount: z.number().int().min(1).max(100_000_000),
  }),
  win: z.object({
    playerId: z.string().regex(/^\d{1,16}$/),
    gameCode,
    transactionId: z.string().regex(/^[\w:.-]{1,96}$/),
    /** The bet this win pays out. */
    betTransactionId: z.string().regex(/^[\w:.-]{1,96}$/),
    amount: z.number().int().min(0).max(1_000_000_000),
  }),
} as const;
export type WalletCall = keyof typeof walletCalls;

/**
 * A successful answer: the player's playable balance (game balance and bonus), in hundredths; a
 * session's also names the game its launch was signed for, and a bet's says when it was a replay of
 * one already placed (nothing moved: the provider should show that round's own outcome).
 */
export interface WalletAnswer {
  readonly playerId: string;
  readonly balance: number;
  readonly currency: "CNY";
  readonly gameCode?: string;
  readonly replayed?: true;
}

/**
 * A refusal: 401 bad signature or token (or a launch token already traded), 400 bad body, a game
 * not in the lobby or a player this platform does not have (`player`), 402 not enough balance,
 * 404 no bet, 409 a transaction id already used for another player or amount (`duplicate`) or an
 * outcome for a bet already voided (`voided`), 422 a win above the platform's limits, kept for an
 * operator to pay or refuse (`limit`: the provider must not send it again), 503 busy (try again).
 */
export interface WalletRefusal {
  readonly error:
    | "signature"
    | "token"
    | "invalid"
    | "insufficient"
    | "unknownBet"
    | "player"
    | "duplicate"
    | "voided"
    | "limit"
    | "busy";
}

/** The secret the sandbox provider shares with this platform, derived from the signing key. */
export function sandboxGameSecret(signingKey: string): string {
  return createHmac("sha256", signingKey).update("sandbox-game").digest("base64url");
}
