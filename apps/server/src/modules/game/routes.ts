/**
 * The game lobby (Step 16, decision 0021): the balances, the lobby's games and banners, entering a
 * game, and the seamless wallet game providers call.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { gameBanners, gameLaunches, games } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage, asksForEnglish } from "../../http/messages";
import { providerCause, refuseWithStatus, route } from "../../http/route";
import { verify } from "../../providers/payments/signature";
import { GAME_SIGNATURE_HEADER, sandboxGameSecret, walletCalls } from "../../providers/games/protocol";
import type { WalletAnswer, WalletCall, WalletRefusal } from "../../providers/games/protocol";
import { balancesOf } from "../ledger/wallet";
import { launchToken, providerPlayUrl, readLaunchToken } from "./launch";
import { SWEEP_EVERY_MS, SWEEP_JOB, sweepOpenBets } from "./sweep";
import { gameFigures, isPlayer, payWin, placeBet, playable } from "./wallet";
import { withCause } from "../../db/cause";
import { lockPeople } from "../../db/locks";
import { transact } from "../../db/transaction";

export function gameRoutes(app: FastifyInstance, ctx: AppContext): void {
  // One reading (one transaction) of every figure, the game's from `gameFigures` — the definitions
  // the wallet answers a game's page with, so the lobby and the game show the same numbers.
  route(app, ctx, "game.userBalance", "user", async ({ caller }) => {
    const { balances, figures } = await ctx.db.transaction(async (tx) => ({
      balances: await balancesOf(tx, caller.userId),
      figures: await gameFigures(tx, caller.userId),
    }));
    return {
      gold: balances.GOLD,
      wallet: balances.WALLET,
      game: figures.game,
      gameBonus: figures.bonus,
      playable: figures.playable,
      wagerRemaining: figures.wagerRemaining,
      bonusPercent: ctx.config.game.bonusPercent,
    };
  });

  route(app, ctx, "game.indexData", "user", async ({ request }) => {
    const english = asksForEnglish(request);
    const [rows, banners] = await Promise.all([
      ctx.db.select().from(games).where(eq(games.enabled, true)).orderBy(asc(games.sort), asc(games.code)),
      ctx.db.select().from(gameBanners).orderBy(asc(gameBanners.sort), asc(gameBanners.id)),
    ]);
    return {
      games: rows.map((g) => ({
        gameCode: g.code,
        name: english ? g.nameEn : g.name,
        iconUrl: g.iconUrl,
        category: english ? g.categoryEn : g.category,
      })),
      banners: banners.map((b) => ({
        id: String(b.id),
        imageUrl: b.imageUrl,
        jumpType: b.jumpType,
        jumpAdress: b.jumpAdress,
      })),
      notice: null,
    };
  });

  route(app, ctx, "game.enterGameUrl", "user", async ({ body, caller, request }) => {
    const [game] = await ctx.db.select().from(games).where(eq(games.code, body.gameCode));
    if (!game?.enabled) throw new BusinessError(BusinessCode.notFound, ServerMessage.gameNotFound);
    const url = new URL(providerPlayUrl(ctx));
    url.searchParams.set("game", game.code);
    url.searchParams.set("token", launchToken(ctx, caller.userId, game.code));
    url.searchParams.set("return", `${ctx.origin()}/game`);
    // The game in the app's language (a provider's page would otherwise follow the browser's).
    url.searchParams.set("lang", asksForEnglish(request) ? "en_US" : "zh_CN");
    return { url: url.toString() };
  });

  walletRoutes(app, ctx);
  ctx.jobs.every(SWEEP_JOB, SWEEP_EVERY_MS, () => sweepOpenBets(ctx), "money");

  // The lobby's pictures (the seed's games and banner), drawn here: no media files to ship.
  app.get("/api/game/art/:name", async (request, reply) => {
    const { name } = request.params as { name: string };
    const art = gameArt[name];
    if (art === undefined) return reply.status(404).send({ error: "not found" });
    return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(art);
  });
}

/** A die showing `pips` on a coloured tile. */
function dieSvg(pips: readonly [number, number][], colour: string): string {
  const dots = pips
    .map(([x, y]) => `<circle cx="${String(x)}" cy="${String(y)}" r="7" fill="#fff"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${colour}"/>${dots}</svg>`;
}

const gameArt: Readonly<Record<string, string>> = {
  "dice.svg": dieSvg(
    [
      [30, 30],
      [48, 48],
      [66, 66],
    ],
    "#e4572e",
  ),
  "big-dice.svg": dieSvg(
    [
      [30, 30],
      [66, 30],
      [48, 48],
      [30, 66],
      [66, 66],
    ],
    "#6a4c93",
  ),
  "banner.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 250"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#6a4c93"/><stop offset="1" stop-color="#e4572e"/></linearGradient></defs><rect width="750" height="250" fill="url(#g)"/><rect x="560" y="60" width="130" height="130" rx="26" fill="#fff" opacity=".9"/><circle cx="600" cy="100" r="11" fill="#e4572e"/><circle cx="625" cy="125" r="11" fill="#e4572e"/><circle cx="650" cy="150" r="11" fill="#e4572e"/></svg>`,
};

/** The provider's secret: the configured one, or the sandbox's while no provider is configured. */
function providerSecret(ctx: AppContext): string {
  return ctx.config.game.providerSecret ?? sandboxGameSecret(ctx.secrets.signingKey);
}

/** The provider name journals carry (one provider per server today). */
function providerName(ctx: AppContext): string {
  return ctx.config.game.providerUrl === null ? "sandbox" : "provider";
}

/**
 * POST /api/game/wallet/{session,balance,bet,win}: signed by the provider over the raw body;
 * answers `WalletAnswer` or `WalletRefusal` (providers/games/protocol.ts).
 */
function walletRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, next) => {
      next(null, body);
    });
    refuseWithStatus(scope);
    scope.post("/api/game/wallet/:call", async (request, reply) => {
      const refuse = (status: number, error: WalletRefusal["error"]) => reply.status(status).send({ error });
      const { call } = request.params as { call: string };
      if (!Object.hasOwn(walletCalls, call)) return refuse(404, "invalid");
      const raw = typeof request.body === "string" ? request.body : "";
      const header = request.headers[GAME_SIGNATURE_HEADER];
      if (!verify(providerSecret(ctx), raw, typeof header === "string" ? header : undefined, ctx.now()))
        return refuse(401, "signature");
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return refuse(400, "invalid");
      }
      return withCause(providerCause(request, providerName(ctx)), () =>
        answerCall(ctx, reply, call as WalletCall, json, refuse),
      );
    });
    done();
  });
}

async function answerCall(
  ctx: AppContext,
  reply: FastifyReply,
  call: WalletCall,
  json: unknown,
  refuse: (status: number, error: WalletRefusal["error"]) => FastifyReply,
): Promise<FastifyReply> {
  const provider = providerName(ctx);
  const answer = (userId: number, balance: number, more: Partial<WalletAnswer> = {}) =>
    reply.send({ playerId: String(userId), balance, currency: "CNY", ...more } satisfies WalletAnswer);
  /** A bet names a game the lobby offers (a win pays out a bet placed, whatever became of its game). */
  const inLobby = async (gameCode: string) =>
    (
      await ctx.db
        .select({ code: games.code })
        .from(games)
        .where(and(eq(games.code, gameCode), eq(games.enabled, true)))
    ).length > 0;
  switch (call) {
    case "session": {
      const parsed = walletCalls.session.safeParse(json);
      if (!parsed.success) return refuse(400, "invalid");
      const player = readLaunchToken(ctx, parsed.data.token);
      if (player === null) return refuse(401, "token");
      // A launch token starts one session: a second trade of it (a copied URL) is refused.
      const balance = await ctx.db.transaction(async (tx) => {
        const [traded] = await tx
          .insert(gameLaunches)
          .values({ nonce: player.nonce, userId: player.userId, gameCode: player.gameCode })
          .onConflictDoNothing()
          .returning({ nonce: gameLaunches.nonce });
        return traded === undefined ? null : playable(tx, player.userId);
      });
      if (balance === null) return refuse(401, "token");
      return answer(player.userId, balance, { gameCode: player.gameCode });
    }
    case "balance": {
      const parsed = walletCalls.balance.safeParse(json);
      if (!parsed.success) return refuse(400, "invalid");
      const userId = Number(parsed.data.playerId);
      const balance = await ctx.db.transaction(async (tx) =>
        (await isPlayer(tx, userId)) ? playable(tx, userId) : null,
      );
      return balance === null ? refuse(400, "player") : answer(userId, balance);
    }
    case "bet": {
      const parsed = walletCalls.bet.safeParse(json);
      if (!parsed.success) return refuse(400, "invalid");
      const userId = Number(parsed.data.playerId);
      const { transactionId, amount, gameCode } = parsed.data;
      if (!(await inLobby(gameCode))) return refuse(400, "invalid");
      let placed: Awaited<ReturnType<typeof placeBet>> | null;
      try {
        placed = await transact(ctx.db, async (tx) => {
          await lockPeople(tx, userId);
          if (!(await isPlayer(tx, userId))) return null;
          return placeBet(tx, userId, { provider, transactionId, gameCode, amount });
        });
      } catch (error) {
        if (error instanceof BusinessError && error.code === BusinessCode.insufficient)
          return refuse(402, "insufficient");
        if (error instanceof BusinessError && error.code === BusinessCode.conflict)
          return refuse(409, "duplicate");
        throw error;
      }
      if (placed === null) return refuse(400, "player");
      return answer(userId, placed.balance, placed.replayed ? { replayed: true } : {});
    }
    case "win": {
      const parsed = walletCalls.win.safeParse(json);
      if (!parsed.success) return refuse(400, "invalid");
      const userId = Number(parsed.data.playerId);
      const { betTransactionId, amount } = parsed.data;
      const outcome = await transact(ctx.db, async (tx) => {
        await lockPeople(tx, userId);
        if (!(await isPlayer(tx, userId))) return null;
        return payWin(tx, userId, provider, betTransactionId, amount, {
          maxMultiple: ctx.config.game.winMaxMultiple,
          max: ctx.config.game.winMax,
        });
      });
      if (outcome === null) return refuse(400, "player");
      switch (outcome.kind) {
        case "paid":
          return answer(userId, outcome.balance);
        case "held":
          return refuse(422, "limit");
        case "voided":
          return refuse(409, "voided");
        case "unknownBet":
          return refuse(404, "unknownBet");
      }
    }
  }
}
