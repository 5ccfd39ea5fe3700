/**
 * The enumerations of spec §3 that only screens loaded on demand read (the navigation map's links,
 * the profile's gender, the message centre's kinds) — the server too. A module of their own: the
 * shared chunk of every page's first load holds `enums.ts`, and a bundler keeps a module whole, so
 * an enumeration there costs every page its bytes once any lazy screen uses it.
 */
import { valuesOf } from "./values";

/** Where an internal link opens: in the app, or at an outside address. */
export const LinkTarget = { INNER_LINK: "INNER_LINK", OUTER_LINK: "OUTER_LINK" } as const;
export type LinkTarget = (typeof LinkTarget)[keyof typeof LinkTarget];
export const linkTargets = /* @__PURE__ */ valuesOf(LinkTarget);

/** Types of the product's internal links (banners, menus, messages). */
export const InternalLinkType = {
  LINK: "LINK",
  ROUTER: "ROUTER",
  GAME: "GAME",
  VIDEO: "VIDEO",
  VIP: "VIP",
  GOLD: "GOLD",
  NATIONAL_AGENT: "NATIONAL_AGENT",
  BIND_MOBILE_WELFARE: "BIND_MOBILE_WELFARE",
  CONDO: "CONDO",
  FRIEND_APP: "FRIEND_APP",
} as const;
export type InternalLinkType = (typeof InternalLinkType)[keyof typeof InternalLinkType];
export const internalLinkTypes = /* @__PURE__ */ valuesOf(InternalLinkType);

export const Gender = { MALE: "MALE", FEMALE: "FEMALE", SECRET: "SECRET" } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const genders = /* @__PURE__ */ valuesOf(Gender);

/**
 * What a message of the message centre is about (Step 15): each is stored as its kind with
 * parameters and worded in the reader's language by the app. Each kind can be turned off in
 * /messagesettings.
 */
export const MessageKind = {
  /** The reader bought a video. */
  PURCHASE: "PURCHASE",
  /** A withdrawal of the reader's was paid out or failed. */
  WITHDRAW_SETTLED: "WITHDRAW_SETTLED",
  /** A video of the reader's was published or refused by review. */
  VIDEO_REVIEW: "VIDEO_REVIEW",
  /** Someone replied to the reader's comment. */
  COMMENT_REPLY: "COMMENT_REPLY",
  /** A game round of the reader's ended unusually: voided, or a big win held, paid or refused. */
  GAME_ROUND: "GAME_ROUND",
  /** A video the reader bought was deleted or taken down: what they paid is back in their gold. */
  PURCHASE_REFUND: "PURCHASE_REFUND",
  /** What became of a report the reader filed (Step 22): content removed, owner warned, or dismissed. */
  REPORT_OUTCOME: "REPORT_OUTCOME",
  /** An operator removed the reader's content or warned them about it, saying why (Step 22). */
  MODERATION: "MODERATION",
} as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];
export const messageKinds = /* @__PURE__ */ valuesOf(MessageKind);

/**
 * What became of a game round a message tells about (decision 0023): voided (no outcome came in
 * time: the stake is back), a win above the limits held for review, then paid or refused.
 */
export const GameRoundOutcome = {
  VOIDED: "VOIDED",
  WIN_HELD: "WIN_HELD",
  WIN_PAID: "WIN_PAID",
  WIN_REFUSED: "WIN_REFUSED",
} as const;
export type GameRoundOutcome = (typeof GameRoundOutcome)[keyof typeof GameRoundOutcome];
export const gameRoundOutcomes = /* @__PURE__ */ valuesOf(GameRoundOutcome);

/**
 * The balances a transfer between one's own balances may move (decision 0021): spec §3's WALLET
 * and GOLD, and the game balance. WALLET ↔ GOLD and GOLD ↔ GAME are the pairs allowed.
 */
export const TransferBalance = { WALLET: "WALLET", GOLD: "GOLD", GAME: "GAME" } as const;
export type TransferBalance = (typeof TransferBalance)[keyof typeof TransferBalance];
export const transferBalances = /* @__PURE__ */ valuesOf(TransferBalance);

/** Whether a transfer from one balance to another is allowed (decision 0021). */
export function isTransferAllowed(from: TransferBalance, to: TransferBalance): boolean {
  const pair = new Set([from, to]);
  return pair.size === 2 && pair.has(TransferBalance.GOLD);
}

/**
 * The game bonus's withdrawal condition (spec §9): bets must reach this multiple of the gold
 * exchanged into the game, plus the game balance held before the exchange.
 */
export const GAME_WAGER_MULTIPLE = 10;

/**
 * What bets an exchange of `exchanged` (hundredths) into the game requires (decision 0021): with
 * none open, 10 × it plus the balance held before (the "original bet balance"); with one open,
 * 10 × it more on top of what is still required.
 */
export function wageringAfterExchange(
  exchanged: number,
  gameBalanceBefore: number,
  stillRequired: number,
): number {
  return stillRequired > 0
    ? stillRequired + GAME_WAGER_MULTIPLE * exchanged
    : GAME_WAGER_MULTIPLE * exchanged + gameBalanceBefore;
}

/** The bonus an exchange of `exchanged` (hundredths) into the game adds at `bonusPercent` (rounded down). */
export function exchangeBonus(exchanged: number, bonusPercent: number): number {
  return Math.floor((exchanged * bonusPercent) / 100);
}
