/**
 * The sandbox game's seats and notes: who plays which game until when, and what a round came to,
 * carried by the table's forms and addresses and signed so that neither can be altered.
 */
import { createHmac } from "node:crypto";
import type { ServerLanguage } from "../../http/messages";
import { sameText } from "../../security/hashing";
import type { GameParty } from "./party";

/** How long a seat at the table lasts from the launch (then the player enters again from the lobby). */
export const SEAT_SECONDS = 3600;

/**
 * The table's player: who, which game (the launch token's), where to go back, until when; signed so
 * a form cannot be altered.
 */
export interface Seat {
  readonly player: string;
  readonly game: string;
  readonly back: string;
  /** Unix seconds. */
  readonly until: number;
}

/**
 * What a round came to, as the table page after it shows it (post, redirect, get: so the
 * browser's Back never resubmits a bet). Signed with the seat, so an address cannot make the
 * page claim a win.
 */
export type Note =
  | { readonly kind: "won" | "lost" | "held"; readonly dice: number; readonly amount: number }
  | { readonly kind: "replayed" | "range" | "short" | "failed" };

export function seatMac(party: GameParty, seat: Seat): string {
  return createHmac("sha256", party.seatKey)
    .update(`${seat.player}\n${seat.game}\n${seat.back}\n${String(seat.until)}`)
    .digest("base64url");
}

export function noteText(note: Note): string {
  return "dice" in note ? `${note.kind}.${String(note.dice)}.${String(note.amount)}` : note.kind;
}

export function noteOf(text: string): Note | null {
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
}

export function noteMac(party: GameParty, seat: Seat, note: string): string {
  return createHmac("sha256", party.seatKey)
    .update(`${seatMac(party, seat)}\n${note}`)
    .digest("base64url");
}

/** The seat's fields, as the form carries them and the table's address repeats them. */
export function seatFields(party: GameParty, language: ServerLanguage, seat: Seat): Record<string, string> {
  return {
    lang: language,
    player: seat.player,
    game: seat.game,
    back: seat.back,
    until: String(seat.until),
    seat: seatMac(party, seat),
  };
}

/** The seat a form or address names, when its signature holds and its hour has not passed. */
export function seatOf(party: GameParty, fields: Record<string, unknown>): Seat | null {
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  const until = /^\d{1,12}$/.test(text("until")) ? Number(text("until")) : 0;
  const seat = { player: text("player"), game: text("game"), back: party.backOf(fields.back), until };
  return sameText(text("seat"), seatMac(party, seat)) && until * 1000 > party.ctx.now().getTime()
    ? seat
    : null;
}
