/**
 * The sandbox game provider (decision 0021), served while SANDBOX is on and no provider is set:
 * one dice game, as a plain HTML page (no script: the server's CSP holds), whose backend calls the
 * platform's seamless wallet over HTTP with the provider's secret — exactly what an outside
 * provider does. A throw of 4-6 wins twice the bet less the house edge (SANDBOX_GAME_HOUSE_EDGE,
 * 5 %: a win pays 1.90 ×), so the game bonus's condition costs more than the bonus is worth
 * (decision 0023). `SANDBOX_GAME_DICE` fixes the throws (tests). A win the wallet did not take
 * (it was busy, the network dropped) is sent again by a durable job until it is answered, as real
 * providers do: a round shown as won is paid.
 *
 * This file is the provider's backend (its wallet calls, its dice); seat.ts signs a player's seat,
 * table.ts draws the table, routes.ts serves the pages.
 */
import { createHmac, randomInt } from "node:crypto";
import type { AppContext } from "../../context";
import { enqueue } from "../../jobs/runner";
import { GAME_SIGNATURE_HEADER, sandboxGameSecret } from "../../providers/games/protocol";
import type { WalletAnswer, WalletRefusal } from "../../providers/games/protocol";
import { sign } from "../../providers/payments/signature";

/** A round's outcome as the wallet's `win` call carries it. */
export interface WinCall {
  readonly playerId: string;
  readonly gameCode: string;
  readonly transactionId: string;
  readonly betTransactionId: string;
  readonly amount: number;
}

/** The most one bet may be, in hundredths (the wallet's own limit). */
export const MAX_BET = 100_000_000;

const WIN_JOB = "sandbox.game.win";

export interface GameParty {
  readonly ctx: AppContext;
  /** The key seats and notes are signed with (derived from the signing key). */
  readonly seatKey: Buffer;
  /** A call to the platform's wallet, signed as a provider signs it. */
  wallet(call: string, body: object): Promise<WalletAnswer | WalletRefusal>;
  /**
   * Pay a round's outcome: at once if the wallet answers, else again and again (a durable job, with
   * the runner's growing waits) until it does. Answers the wallet's word, or null when it is left
   * to the job.
   */
  settleRound(win: WinCall): Promise<WalletAnswer | WalletRefusal | null>;
  /** A throw of the dice (SANDBOX_GAME_DICE's next, when it fixes them). */
  roll(): number;
  /** What a win pays: twice the bet, less the house edge. */
  payoutOf(bet: number): number;
  /** Only the platform's own pages are places to go back to. */
  backOf(value: unknown): string;
}

export function gameParty(ctx: AppContext): GameParty {
  const secret = sandboxGameSecret(ctx.secrets.signingKey);
  let throwIndex = 0;
  const wallet: GameParty["wallet"] = async (call, body) => {
    const raw = JSON.stringify(body);
    const response = await fetch(`${ctx.origin()}/api/game/wallet/${call}`, {
      method: "POST",
      headers: { "content-type": "application/json", [GAME_SIGNATURE_HEADER]: sign(secret, raw, ctx.now()) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status >= 500) throw new Error(`the wallet answered ${String(response.status)}`);
    return (await response.json()) as WalletAnswer | WalletRefusal;
  };
  // A refusal (unknown bet, voided, held) is the wallet's answer: nothing more to send.
  ctx.jobs.register(
    WIN_JOB,
    async (payload) => {
      await wallet("win", payload as WinCall);
    },
    "money",
  );
  return {
    ctx,
    seatKey: createHmac("sha256", ctx.secrets.signingKey).update("sandbox-game-seat").digest(),
    wallet,
    async settleRound(win) {
      try {
        return await wallet("win", win);
      } catch {
        await enqueue(ctx.db, {
          kind: WIN_JOB,
          key: `${WIN_JOB}:${win.betTransactionId}`,
          payload: win,
          runAt: new Date(ctx.now().getTime() + 500),
          maxAttempts: 30,
        });
        return null;
      }
    },
    roll() {
      const fixed = ctx.config.game.sandboxDice;
      if (fixed.length === 0) return randomInt(1, 7);
      const dice = fixed[throwIndex % fixed.length] ?? 1;
      throwIndex += 1;
      return dice;
    },
    payoutOf: (bet) => Math.floor((bet * 2 * (100 - ctx.config.game.sandboxHouseEdgePercent)) / 100),
    backOf(value) {
      const origin = ctx.origin();
      return typeof value === "string" && value.startsWith(`${origin}/`) ? value : `${origin}/game`;
    },
  };
}
