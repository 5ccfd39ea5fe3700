/** The sandbox game's pages (party.ts says what it plays): the launch, the table, a round. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServerMessageKey } from "@platform/domain";
import type { AppContext } from "../../context";
import { translate } from "../../http/messages";
import type { ServerLanguage } from "../../http/messages";
import type { WalletAnswer, WalletRefusal } from "../../providers/games/protocol";
import { sameText } from "../../security/hashing";
import { page, pageLanguage } from "../pages";
import { MAX_BET, gameParty } from "./party";
import type { GameParty } from "./party";
import { SEAT_SECONDS, noteMac, noteOf, noteText, seatFields, seatOf } from "./seat";
import type { Note } from "./seat";
import { table } from "./table";

/** The app's language when the launch named it, else the browser's (as a provider's site does). */
const languageOf = (asked: unknown, request: FastifyRequest): ServerLanguage =>
  asked === "en_US" || asked === "zh_CN" ? asked : pageLanguage(request.headers["accept-language"]);

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);

const expired = (reply: FastifyReply, language: ServerLanguage) =>
  send(reply, 401, page(language, translate(language, ServerMessageKey.sandboxGameExpired), ""));

export function sandboxGameRoutes(app: FastifyInstance, ctx: AppContext): void {
  const party = gameParty(ctx);
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
      // No launch token, no seat: answered here, without a call to the platform's wallet.
      if (token === "") return expired(reply, language);
      // The game is the one the launch was signed for, whatever the address says.
      let session: WalletAnswer | WalletRefusal;
      try {
        session = await party.wallet("session", { token });
      } catch {
        // The wallet did not answer (busy, timed out): nothing was done; the same launch works again.
        return send(reply, 503, page(language, translate(language, ServerMessageKey.busy), ""));
      }
      if (!("playerId" in session) || session.gameCode === undefined) return expired(reply, language);
      const seat = {
        player: session.playerId,
        game: session.gameCode,
        back: party.backOf(query.return),
        until: Math.floor(ctx.now().getTime() / 1000) + SEAT_SECONDS,
      };
      return send(reply, 200, await table(party, language, seat, null));
    });

    // The table at a seat, with what the last round came to (where a round redirects to).
    scope.get("/sandbox/game/table", async (request: FastifyRequest, reply) => {
      const query = request.query as Record<string, unknown>;
      const language = languageOf(query.lang, request);
      const seat = seatOf(party, query);
      if (seat === null) return expired(reply, language);
      const written = typeof query.note === "string" ? query.note : "";
      const signed = typeof query.nsig === "string" && sameText(query.nsig, noteMac(party, seat, written));
      return send(reply, 200, await table(party, language, seat, signed ? noteOf(written) : null));
    });

    scope.post("/sandbox/game/play", (request: FastifyRequest, reply) => playRound(party, request, reply));
    done();
  });
}

/**
 * A round: the bet to the wallet, a throw, the win to the wallet; then the table with its outcome.
 * A form sent twice (a reload) names the same round, so the wallet charges and pays it once, and
 * the table says it was played.
 */
async function playRound(party: GameParty, request: FastifyRequest, reply: FastifyReply) {
  const form = (request.body ?? {}) as Record<string, string | undefined>;
  const language = languageOf(form.lang, request);
  const seat = seatOf(party, form);
  const round = form.round ?? "";
  if (seat === null || !/^[\w-]{1,64}$/.test(round)) return expired(reply, language);
  const show = (note: Note) => {
    const text = noteText(note);
    const address = new URLSearchParams({
      ...seatFields(party, language, seat),
      note: text,
      nsig: noteMac(party, seat, text),
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
    placed = await party.wallet("bet", {
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
  const dice = party.roll();
  const won = dice >= 4;
  const paid = won ? party.payoutOf(bet) : 0;
  const settled = await party.settleRound({
    playerId: seat.player,
    gameCode: seat.game,
    transactionId: `${round}:win`,
    betTransactionId: `${round}:bet`,
    amount: paid,
  });
  if (settled !== null && "error" in settled && settled.error === "limit")
    return show({ kind: "held", dice, amount: paid });
  return show(won ? { kind: "won", dice, amount: paid } : { kind: "lost", dice, amount: bet });
}
