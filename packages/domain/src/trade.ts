/**
 * The money vocabulary of spec §3 and its rules (recharge, withdrawals, statements): a module of
 * its own so that an app bundles it with its money screens, not with what every page loads.
 */
import { valuesOf } from "./values";

export const PaymentMethod = {
  EE_PAY: "EE_PAY",
  BANK_SM: "BANK_SM",
  MERCHANT: "MERCHANT",
  GOLD: "GOLD",
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const paymentMethods = /* @__PURE__ */ valuesOf(PaymentMethod);

/** Membership bought with gold: opening (non-members) or renewing (members). */
export const SvipPurchaseType = { BUY_SVIP: "BUY_SVIP", OPEN_SVIP: "OPEN_SVIP" } as const;
export type SvipPurchaseType = (typeof SvipPurchaseType)[keyof typeof SvipPurchaseType];
export const svipPurchaseTypes = /* @__PURE__ */ valuesOf(SvipPurchaseType);

export const WithdrawType = {
  BANK_WITHDRAW: "BANK_WITHDRAW",
  EEPAY_WITHDRAW: "EEPAY_WITHDRAW",
  GOLD_WITHDRAW: "GOLD_WITHDRAW",
} as const;
export type WithdrawType = (typeof WithdrawType)[keyof typeof WithdrawType];
export const withdrawTypes = /* @__PURE__ */ valuesOf(WithdrawType);

export const WithdrawTiming = { RESERVED: "RESERVED", NORMAL: "NORMAL" } as const;
export type WithdrawTiming = (typeof WithdrawTiming)[keyof typeof WithdrawTiming];
export const withdrawTimings = /* @__PURE__ */ valuesOf(WithdrawTiming);

export const PriceType = { RANGE: "RANGE", NORMAL: "NORMAL" } as const;
export type PriceType = (typeof PriceType)[keyof typeof PriceType];
export const priceTypes = /* @__PURE__ */ valuesOf(PriceType);

export const UrgeState = { PRESS: 1, DONE: 2 } as const;
export type UrgeState = (typeof UrgeState)[keyof typeof UrgeState];

/** Why a balance moved (the statement's lines). */
export const StatementReason = {
  RECHARGE: "RECHARGE",
  BUY_VIDEO: "BUY_VIDEO",
  /** A bought video was deleted or taken down: its price given back (decision 0018). */
  REFUND_VIDEO: "REFUND_VIDEO",
  MEMBERSHIP: "MEMBERSHIP",
  /** A ticket to a paid live room (decision 0022). */
  LIVE_TICKET: "LIVE_TICKET",
  TRANSFER: "TRANSFER",
  WITHDRAW: "WITHDRAW",
  WITHDRAW_RETURN: "WITHDRAW_RETURN",
  WITHDRAW_BONUS: "WITHDRAW_BONUS",
  WITHDRAW_CHANGE: "WITHDRAW_CHANGE",
  GRANT: "GRANT",
  /** The author's share of a sale of their video (Step 22, decision 0032). */
  CREATOR_SHARE: "CREATOR_SHARE",
  /** A sold video was deleted or taken down: the author's share of it taken back. */
  CREATOR_SHARE_RETURN: "CREATOR_SHARE_RETURN",
  /** An operator's adjustment of the balance, with a reason (Step 22). */
  ADJUSTMENT: "ADJUSTMENT",
} as const;

export type StatementReason = (typeof StatementReason)[keyof typeof StatementReason];
export const statementReasons = /* @__PURE__ */ valuesOf(StatementReason);

export const wallet = {
  /** Transaction records are kept this many days. */
  transactionRecordDays: 30,
  /** Re-transfers allowed per day after a failed withdrawal. */
  withdrawRetriesPerDay: 10,
  /** Reserved withdrawal bonus: these defaults are parameters the server can change. */
  reservedBonusHours: 72,
  reservedBonusPercent: 1,
  /** E-wallet withdrawal review takes 5-10 minutes. */
  eWalletReviewMinutes: { min: 5, max: 10 },
  /** 1 EE coin is 1 yuan. */
  eeCoinPerYuan: 1,
  /** Game bonus withdrawal condition: 10 times the exchanged amount plus the original bet balance. */
  gameBonusTurnoverMultiple: 10,
} as const;
