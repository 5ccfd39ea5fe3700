/**
 * The sandbox game provider (decision 0021), served while SANDBOX is on and no provider is set:
 * one dice game, as a plain HTML page (no script: the server's CSP holds), whose backend calls the
 * platform's seamless wallet over HTTP with the provider's secret — exactly what an outside
 * provider does. A throw of 4-6 wins twice the bet. `SANDBOX_GAME_DICE` fixes the throws (tests).
 */
import { createHmac, randomInt, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServerMessageKey } from "@platform/domain";
import type { AppContext } from "../../context";
import { translate } from "../../http/messages";
import type { ServerLanguage } from "../../http/messages";
import { sameText } from "../../security/hashing";
import { sign } from "../payments/signature";
import { escape, page, pageLanguage, yuan } from "../payments/sandbox/pages";
import { GAME_SIGNATURE_HEADER, sandboxGameSecret } from "./protocol";
import type { WalletAnswer, WalletRefusal } from "./protocol";

/** How long a seat at the table lasts from the launch (then the player enters again from the lobby). */
const SEAT_SECONDS = 3600;

/** The most one bet may be, in hundredths (the wallet's own limit). */
const MAX_BET = 100_000_000;

/**
 * The table's player: who, which game (the launch token's), where to go back, until when; signed so
 * a form cannot be altered.
 */
interface Seat {
  readonly player: string;
  readonly game: string;
  readonly back: string;
  /** Unix seconds. */
  readonly until: number;
}

export function sandboxGameRoutes(app: FastifyInstance, ctx: AppContext): void {
  const secret = sandboxGameSecret(ctx.secrets.signingKey);
  const seatKey = createHmac("sha256", ctx.secrets.signingKey).update("sandbox-game-seat").digest();
  const seatMac = (seat: Seat) =>
    createHmac("sha256", seatKey)
      .update(`${seat.player}\n${seat.game}\n${seat.back}\n${String(seat.until)}`)
      .digest("base64url");
  let throwIndex = 0;
  const roll = (): number => {
    const fixed = ctx.config.game.sandboxDice;
    if (fixed.length === 0) return randomInt(1, 7);
    const dice = fixed[throwIndex % fixed.length] ?? 1;
    throwIndex += 1;
    return dice;
  };

  /** A call to the platform's wallet, signed as a provider signs it. */
  async function wallet(call: string, body: object): Promise<WalletAnswer | WalletRefusal> {
    const raw = JSON.stringify(body);
    const response = await fetch(`${ctx.origin()}/api/game/wallet/${call}`, {
      method: "POST",
      headers: { "content-type": "application/json", [GAME_SIGNATURE_HEADER]: sign(secret, raw, ctx.now()) },
      body: raw,
    });
    return (await response.json()) as WalletAnswer | WalletRefusal;
  }

  function table(
    language: ServerLanguage,
    seat: Seat,
    balance: number,
    outcome: string | null,
    alert: string | null,
  ): string {
    const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
      escape(translate(language, key, values));
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escape(value)}">`;
    return page(
      language,
      translate(language, ServerMessageKey.sandboxGameTitle, { game: seat.game }),
      `<p>${t(ServerMessageKey.sandboxGameRules)}</p>
<p role="status">${t(ServerMessageKey.sandboxGameBalance, { amount: yuan(balance) })}</p>
${outcome === null ? "" : `<p role="status">${escape(outcome)}</p>`}${alert === null ? "" : `<p role="alert">${escape(alert)}</p>`}
<form method="post" action="/sandbox/game/play">${hidden("lang", language)}${hidden("player", seat.player)}${hidden("game", seat.game)}${hidden("back", seat.back)}${hidden("until", String(seat.until))}${hidden("seat", seatMac(seat))}${hidden("round", randomUUID())}
<label>${t(ServerMessageKey.sandboxGameBet)} <input name="bet" inputmode="decimal" required pattern="\\d{1,7}(\\.\\d{1,2})?" value="1.00"></label>
<button type="submit">${t(ServerMessageKey.sandboxGameRoll)}</button></form>
<p><a href="${escape(seat.back)}">${t(ServerMessageKey.sandboxGameBack)}</a></p>`,
    );
  }

  /** The app's language when the launch named it, else the browser's (as a provider's site does). */
  const languageOf = (asked: unknown, request: FastifyRequest): ServerLanguage =>
    asked === "en_US" || asked === "zh_CN" ? asked : pageLanguage(request.headers["accept-language"]);

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);

  /** Only the platform's own pages are places to go back to. */
  const backOf = (value: unknown): string => {
    const origin = ctx.origin();
    return typeof value === "string" && value.startsWith(`${origin}/`) ? value : `${origin}/game`;
  };

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, next) => {
        next(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    // Arriving from the platform's launch URL: the token becomes a seat at the table.
    scope.get("/sandbox/game/play", async (request: FastifyRequest, reply) => {
      const query = request.query as Record<string, unknown>;
      const language = languageOf(query.lang, request);
      const token = typeof query.token === "string" ? query.token : "";
      // The game is the one the launch was signed for, whatever the address says.
      const session = await wallet("session", { token });
      if (!("playerId" in session) || session.gameCode === undefined) {
        return send(reply, 401, page(language, translate(language, ServerMessageKey.sandboxGameExpired), ""));
      }
      const seat = {
        player: session.playerId,
        game: session.gameCode,
        back: backOf(query.return),
        until: Math.floor(ctx.now().getTime() / 1000) + SEAT_SECONDS,
      };
      return send(reply, 200, table(language, seat, session.balance, null, null));
    });

    // A round: the bet to the wallet, a throw, the win to the wallet. A form sent twice (a reload)
    // names the same round, so the wallet charges and pays it once.
    scope.post("/sandbox/game/play", async (request: FastifyRequest, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const language = languageOf(form.lang, request);
      const until = /^\d{1,12}$/.test(form.until ?? "") ? Number(form.until) : 0;
      const seat = { player: form.player ?? "", game: form.game ?? "", back: backOf(form.back), until };
      const round = form.round ?? "";
      if (
        !sameText(form.seat ?? "", seatMac(seat)) ||
        until * 1000 <= ctx.now().getTime() ||
        !/^[\w-]{1,64}$/.test(round)
      ) {
        return send(reply, 401, page(language, translate(language, ServerMessageKey.sandboxGameExpired), ""));
      }
      const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
        translate(language, key, values);
      // Yuan with up to two decimals, as the field asks: nothing else is read as a number.
      const written = (form.bet ?? "").trim();
      const bet = /^\d{1,9}(\.\d{1,2})?$/.test(written) ? Math.round(Number(written) * 100) : 0;
      if (bet < 1 || bet > MAX_BET) {
        const current = await wallet("balance", { playerId: seat.player });
        const balance = "balance" in current ? current.balance : 0;
        const range = t(ServerMessageKey.sandboxGameBetRange, { min: yuan(1), max: yuan(MAX_BET) });
        return send(reply, 400, table(language, seat, balance, null, range));
      }
      const placed = await wallet("bet", {
        playerId: seat.player,
        gameCode: seat.game,
        transactionId: `${round}:bet`,
        amount: bet,
      });
      if (!("balance" in placed)) {
        const current = await wallet("balance", { playerId: seat.player });
        const balance = "balance" in current ? current.balance : 0;
        const reason =
          placed.error === "insufficient"
            ? translate(language, ServerMessageKey.gameBalanceTooLow)
            : translate(language, ServerMessageKey.systemError);
        return send(
          reply,
          402,
          table(language, seat, balance, null, t(ServerMessageKey.sandboxGameRefused, { reason })),
        );
      }
      // The same form sent again: that round was played; no new throw, nothing moves.
      if (placed.replayed === true) {
        return send(
          reply,
          200,
          table(language, seat, placed.balance, t(ServerMessageKey.sandboxGameReplayed), null),
        );
      }
      const dice = roll();
      const won = dice >= 4;
      const paid = await wallet("win", {
        playerId: seat.player,
        gameCode: seat.game,
        transactionId: `${round}:win`,
        betTransactionId: `${round}:bet`,
        amount: won ? bet * 2 : 0,
      });
      const balance = "balance" in paid ? paid.balance : placed.balance;
      const outcome = won
        ? t(ServerMessageKey.sandboxGameWon, { dice: String(dice), amount: yuan(bet * 2) })
        : t(ServerMessageKey.sandboxGameLost, { dice: String(dice), amount: yuan(bet) });
      return send(reply, 200, table(language, seat, balance, outcome, null));
    });
    done();
  });
}
