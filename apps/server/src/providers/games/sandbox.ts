/**
 * The sandbox game provider (decision 0021), served while SANDBOX is on and no provider is set:
 * one dice game, as a plain HTML page (no script: the server's CSP holds), whose backend calls the
 * platform's seamless wallet over HTTP with the provider's secret — exactly what an outside
 * provider does. A throw of 4-6 wins twice the bet less the house edge (SANDBOX_GAME_HOUSE_EDGE,
 * 5 %: a win pays 1.90 ×), so the game bonus's condition costs more than the bonus is worth
 * (decision 0023). `SANDBOX_GAME_DICE` fixes the throws (tests). A win the wallet did not take
 * (it was busy, the network dropped) is sent again by a durable job until it is answered, as real
 * providers do: a round shown as won is paid.
 */
import { createHmac, randomInt, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServerMessageKey } from "@platform/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { games } from "../../db/schema";
import { translate } from "../../http/messages";
import type { ServerLanguage } from "../../http/messages";
import { sameText } from "../../security/hashing";
import { sign } from "../payments/signature";
import { escape, page, pageLanguage, yuan } from "../payments/sandbox/pages";
import { GAME_SIGNATURE_HEADER, sandboxGameSecret } from "./protocol";
import type { WalletAnswer, WalletRefusal } from "./protocol";
import { enqueue } from "../../jobs/runner";

/** A round's outcome as the wallet's `win` call carries it. */
interface WinCall {
  readonly playerId: string;
  readonly gameCode: string;
  readonly transactionId: string;
  readonly betTransactionId: string;
  readonly amount: number;
}

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
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status >= 500) throw new Error(`the wallet answered ${String(response.status)}`);
    return (await response.json()) as WalletAnswer | WalletRefusal;
  }

  /**
   * Pay a round's outcome: at once if the wallet answers, else again and again (a durable job, with
   * the runner's growing waits) until it does. Answers the wallet's word, or null when it is left
   * to the job.
   */
  async function settleRound(win: WinCall): Promise<WalletAnswer | WalletRefusal | null> {
    try {
      return await wallet("win", win);
    } catch {
      await enqueue(ctx.db, {
        kind: "sandbox.game.win",
        key: `sandbox.game.win:${win.betTransactionId}`,
        payload: win,
        runAt: new Date(ctx.now().getTime() + 500),
        maxAttempts: 30,
      });
      return null;
    }
  }
  ctx.jobs.register("sandbox.game.win", async (payload) => {
    // A refusal (unknown bet, voided, held) is the wallet's answer: nothing more to send.
    await wallet("win", payload as WinCall);
  });

  /** What a win pays: twice the bet, less the house edge. */
  const payoutOf = (bet: number) =>
    Math.floor((bet * 2 * (100 - ctx.config.game.sandboxHouseEdgePercent)) / 100);

  /**
   * What a round came to, as the table page after it shows it (post, redirect, get: so the
   * browser's Back never resubmits a bet). Signed with the seat, so an address cannot make the
   * page claim a win.
   */
  type Note =
    | { readonly kind: "won" | "lost" | "held"; readonly dice: number; readonly amount: number }
    | { readonly kind: "replayed" | "range" | "short" | "failed" };
  const noteText = (note: Note): string =>
    "dice" in note ? `${note.kind}.${String(note.dice)}.${String(note.amount)}` : note.kind;
  const noteOf = (text: string): Note | null => {
    const played = /^(won|lost|held)\.([1-6])\.(\d{1,12})$/.exec(text);
    if (played)
      return {
        kind: played[1] as "won" | "lost" | "held",
        dice: Number(played[2]),
        amount: Number(played[3]),
      };
    return text === "replayed" || text === "range" || text === "short" || text === "failed"
      ? { kind: text }
      : null;
  };
  const noteMac = (seat: Seat, note: string) =>
    createHmac("sha256", seatKey)
      .update(`${seatMac(seat)}\n${note}`)
      .digest("base64url");

  /** The seat's fields, as the form carries them and the table's address repeats them. */
  const seatFields = (language: ServerLanguage, seat: Seat): Record<string, string> => ({
    lang: language,
    player: seat.player,
    game: seat.game,
    back: seat.back,
    until: String(seat.until),
    seat: seatMac(seat),
  });

  /** The seat a form or address names, when its signature holds and its hour has not passed. */
  const seatOf = (fields: Record<string, unknown>): Seat | null => {
    const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
    const until = /^\d{1,12}$/.test(text("until")) ? Number(text("until")) : 0;
    const seat = { player: text("player"), game: text("game"), back: backOf(fields.back), until };
    return sameText(text("seat"), seatMac(seat)) && until * 1000 > ctx.now().getTime() ? seat : null;
  };

  /** The game's name in the page's language (the provider's own catalogue is the lobby's here). */
  async function gameName(language: ServerLanguage, code: string): Promise<string> {
    const [row] = await ctx.db
      .select({ name: games.name, nameEn: games.nameEn })
      .from(games)
      .where(eq(games.code, code));
    return row === undefined ? code : language === "en_US" ? row.nameEn : row.name;
  }

  async function table(language: ServerLanguage, seat: Seat, note: Note | null): Promise<string> {
    const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
      escape(translate(language, key, values));
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escape(value)}">`;
    const current = await wallet("balance", { playerId: seat.player });
    const balance = "balance" in current ? current.balance : 0;
    let status: string | null = null;
    let alert: string | null = null;
    if (note !== null) {
      if (note.kind === "won")
        status = t(ServerMessageKey.sandboxGameWon, { dice: String(note.dice), amount: yuan(note.amount) });
      else if (note.kind === "lost")
        status = t(ServerMessageKey.sandboxGameLost, { dice: String(note.dice), amount: yuan(note.amount) });
      else if (note.kind === "held")
        status = t(ServerMessageKey.sandboxGameWinHeld, {
          dice: String(note.dice),
          amount: yuan(note.amount),
        });
      else if (note.kind === "replayed") status = t(ServerMessageKey.sandboxGameReplayed);
      else if (note.kind === "range")
        alert = t(ServerMessageKey.sandboxGameBetRange, { min: yuan(1), max: yuan(MAX_BET) });
      else {
        const reason = translate(
          language,
          note.kind === "short" ? ServerMessageKey.gameBalanceTooLow : ServerMessageKey.systemError,
        );
        alert = t(ServerMessageKey.sandboxGameRefused, { reason });
      }
    }
    const fields = Object.entries(seatFields(language, seat))
      .map(([name, value]) => hidden(name, value))
      .join("");
    return page(
      language,
      translate(language, ServerMessageKey.sandboxGameTitle, { game: await gameName(language, seat.game) }),
      `<p>${t(ServerMessageKey.sandboxGameRulesEdge, {
        multiple: (payoutOf(10_000) / 10_000).toFixed(2),
        edge: String(ctx.config.game.sandboxHouseEdgePercent),
      })}</p>
<p role="status">${t(ServerMessageKey.sandboxGameBalance, { amount: yuan(balance) })}</p>
${status === null ? "" : `<p role="status">${status}</p>`}${alert === null ? "" : `<p role="alert">${alert}</p>`}
<form method="post" action="/sandbox/game/play">${fields}${hidden("round", randomUUID())}
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

    const expired = (reply: FastifyReply, language: ServerLanguage) =>
      send(reply, 401, page(language, translate(language, ServerMessageKey.sandboxGameExpired), ""));

    // Arriving from the platform's launch URL: the token becomes a seat at the table.
    scope.get("/sandbox/game/play", async (request: FastifyRequest, reply) => {
      const query = request.query as Record<string, unknown>;
      const language = languageOf(query.lang, request);
      const token = typeof query.token === "string" ? query.token : "";
      // The game is the one the launch was signed for, whatever the address says.
      const session = await wallet("session", { token });
      if (!("playerId" in session) || session.gameCode === undefined) return expired(reply, language);
      const seat = {
        player: session.playerId,
        game: session.gameCode,
        back: backOf(query.return),
        until: Math.floor(ctx.now().getTime() / 1000) + SEAT_SECONDS,
      };
      return send(reply, 200, await table(language, seat, null));
    });

    // The table at a seat, with what the last round came to (where a round redirects to).
    scope.get("/sandbox/game/table", async (request: FastifyRequest, reply) => {
      const query = request.query as Record<string, unknown>;
      const language = languageOf(query.lang, request);
      const seat = seatOf(query);
      if (seat === null) return expired(reply, language);
      const written = typeof query.note === "string" ? query.note : "";
      const signed = typeof query.nsig === "string" && sameText(query.nsig, noteMac(seat, written));
      return send(reply, 200, await table(language, seat, signed ? noteOf(written) : null));
    });

    // A round: the bet to the wallet, a throw, the win to the wallet; then the table with its
    // outcome. A form sent twice (a reload) names the same round, so the wallet charges and pays it
    // once, and the table says it was played.
    scope.post("/sandbox/game/play", async (request: FastifyRequest, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const language = languageOf(form.lang, request);
      const seat = seatOf(form);
      const round = form.round ?? "";
      if (seat === null || !/^[\w-]{1,64}$/.test(round)) return expired(reply, language);
      const show = (note: Note) => {
        const text = noteText(note);
        const address = new URLSearchParams({
          ...seatFields(language, seat),
          note: text,
          nsig: noteMac(seat, text),
        });
        return reply
          .header("cache-control", "no-store")
          .redirect(`/sandbox/game/table?${address.toString()}`, 303);
      };
      // Yuan with up to two decimals, as the field asks: nothing else is read as a number.
      const written = (form.bet ?? "").trim();
      const bet = /^\d{1,9}(\.\d{1,2})?$/.test(written) ? Math.round(Number(written) * 100) : 0;
      if (bet < 1 || bet > MAX_BET) return show({ kind: "range" });
      let placed: WalletAnswer | WalletRefusal;
      try {
        placed = await wallet("bet", {
          playerId: seat.player,
          gameCode: seat.game,
          transactionId: `${round}:bet`,
          amount: bet,
        });
      } catch {
        // Not known whether it was placed: the same form sent again finds out (replayed or
        // placed now), and a bet left without an outcome is voided by the wallet's sweep.
        return show({ kind: "failed" });
      }
      if (!("balance" in placed)) return show({ kind: placed.error === "insufficient" ? "short" : "failed" });
      // The same form sent again: that round was played; no new throw, nothing moves.
      if (placed.replayed === true) return show({ kind: "replayed" });
      const dice = roll();
      const won = dice >= 4;
      const paid = won ? payoutOf(bet) : 0;
      const settled = await settleRound({
        playerId: seat.player,
        gameCode: seat.game,
        transactionId: `${round}:win`,
        betTransactionId: `${round}:bet`,
        amount: paid,
      });
      if (settled !== null && "error" in settled && settled.error === "limit")
        return show({ kind: "held", dice, amount: paid });
      return show(won ? { kind: "won", dice, amount: paid } : { kind: "lost", dice, amount: bet });
    });
    done();
  });
}
