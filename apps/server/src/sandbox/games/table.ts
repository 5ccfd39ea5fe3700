/** The sandbox game's table page: the rules, the player's balance, the last round, the bet form. */
import { randomUUID } from "node:crypto";
import { ServerMessageKey } from "@platform/domain";
import { eq } from "drizzle-orm";
import { games } from "../../db/schema";
import { translate } from "../../http/messages";
import type { ServerLanguage } from "../../http/messages";
import { escape, page, yuan } from "../pages";
import { MAX_BET } from "./party";
import type { GameParty } from "./party";
import { seatFields } from "./seat";
import type { Note, Seat } from "./seat";

/** The game's name in the page's language (the provider's own catalogue is the lobby's here). */
async function gameName(party: GameParty, language: ServerLanguage, code: string): Promise<string> {
  const [row] = await party.ctx.db
    .select({ name: games.name, nameEn: games.nameEn })
    .from(games)
    .where(eq(games.code, code));
  return row === undefined ? code : language === "en_US" ? row.nameEn : row.name;
}

/** What the last round came to, as a status line or an alert (escaped). */
function noteLines(
  language: ServerLanguage,
  note: Note | null,
): { status: string | null; alert: string | null } {
  const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
    escape(translate(language, key, values));
  if (note === null) return { status: null, alert: null };
  if ("dice" in note) {
    const key =
      note.kind === "won"
        ? ServerMessageKey.sandboxGameWon
        : note.kind === "lost"
          ? ServerMessageKey.sandboxGameLost
          : ServerMessageKey.sandboxGameWinHeld;
    return { status: t(key, { dice: String(note.dice), amount: yuan(note.amount) }), alert: null };
  }
  if (note.kind === "replayed") return { status: t(ServerMessageKey.sandboxGameReplayed), alert: null };
  if (note.kind === "range")
    return {
      status: null,
      alert: t(ServerMessageKey.sandboxGameBetRange, { min: yuan(1), max: yuan(MAX_BET) }),
    };
  const reason = translate(
    language,
    note.kind === "short" ? ServerMessageKey.gameBalanceTooLow : ServerMessageKey.systemError,
  );
  return { status: null, alert: t(ServerMessageKey.sandboxGameRefused, { reason }) };
}

export async function table(
  party: GameParty,
  language: ServerLanguage,
  seat: Seat,
  note: Note | null,
): Promise<string> {
  const { ctx } = party;
  const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
    escape(translate(language, key, values));
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escape(value)}">`;
  const current = await party.wallet("balance", { playerId: seat.player });
  const balance = "balance" in current ? current.balance : 0;
  const { status, alert } = noteLines(language, note);
  const fields = Object.entries(seatFields(party, language, seat))
    .map(([name, value]) => hidden(name, value))
    .join("");
  return page(
    language,
    translate(language, ServerMessageKey.sandboxGameTitle, {
      game: await gameName(party, language, seat.game),
    }),
    `<p>${t(ServerMessageKey.sandboxGameRulesEdge, {
      multiple: (party.payoutOf(10_000) / 10_000).toFixed(2),
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
