import {
  OrderTab,
  PriceType,
  StatementReason,
  UrgeState,
  WithdrawTiming,
  WithdrawType,
  TransferBalance,
  isTransferAllowed,
  limits,
} from "@platform/domain";
import { z } from "zod";
import {
  ZDateTime,
  ZEmpty,
  ZHundredths,
  ZId,
  ZLine,
  ZNone,
  ZPage,
  ZPageRequest,
  ZPaymentMethod,
  ZPositiveHundredths,
  ZRechargeStatus,
  ZSignedHundredths,
  ZSmsCode,
  ZWithdrawStatus,
  ZWithdrawType,
} from "./common";

/** One balance of the account wallet list (spec §3): GOLD is the one the product spends. */
export const ZWalletEntry = z.object({ type: z.string(), wallet: ZHundredths });

export const ZBankCard = z.object({
  id: ZId,
  /** Masked: only the last four digits are ever sent back. */
  cardNumber: z.string(),
  cardholderName: z.string(),
  bankName: z.string(),
  isPrimary: z.boolean(),
});

const ZOrderNum = ZLine(64).min(6);

export const ZRechargeOrder = z.object({
  orderType: z.literal(OrderTab.RECHARGE_ORDER),
  id: ZId,
  orderNum: z.string(),
  status: ZRechargeStatus,
  payMethod: ZPaymentMethod,
  applicationAmount: ZHundredths,
  receivedAmount: ZHundredths.nullable(),
  payee: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Where to pay (the provider's hosted page) while the order is PAYING. */
  payUrl: z.string().nullable(),
  /** When a PAYING order is cancelled as expired if nothing was paid. */
  expireTime: ZDateTime.nullable(),
  failureReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createTime: ZDateTime,
  paymentTime: ZDateTime.nullable(),
});

export const ZWithdrawOrder = z.object({
  orderType: z.literal(OrderTab.WITHDRAW_ORDER),
  id: ZId,
  orderNum: z.string(),
  status: ZWithdrawStatus,
  withdrawType: ZWithdrawType,
  timing: z.enum(WithdrawTiming),
  applicationAmount: ZHundredths,
  receivedAmount: ZHundredths.nullable(),
  /** The reserved-withdrawal bonus paid on top, in hundredths. */
  bonusAmount: ZHundredths,
  payee: z.string().nullable(),
  bankName: z.string().nullable(),
  cardNumber: z.string().nullable(),
  failureReason: z.string().nullable(),
  createTime: ZDateTime,
  paymentTime: ZDateTime.nullable(),
  urge: z.union([z.literal(UrgeState.PRESS), z.literal(UrgeState.DONE)]),
  receiptConfirmed: z.boolean(),
  /** Re-transfers made today after failures, against the daily limit. */
  retriesToday: z.number().int().min(0),
  /** A failed order already withdrawn again (once per failed order): no 'withdraw again' then. */
  retried: z.boolean(),
  /** Sent to the bank or e-wallet already (paid out by it now): no 'urge' then. */
  sent: z.boolean(),
});

export const ZPayConfig = z.object({
  payMethod: ZPaymentMethod,
  name: z.string(),
  priceType: z.enum(PriceType),
  /** RANGE: any amount between these; NORMAL: one of `amounts`. */
  minAmount: ZHundredths,
  maxAmount: ZHundredths,
  amounts: z.array(ZHundredths),
  /** True when the method is a sandbox (shown marked in the UI). */
  sandbox: z.boolean(),
});

/** One line of the statement: one movement of one of the person's balances, from the ledger. */
export const ZStatementLine = z.object({
  id: ZId,
  balanceType: z.string(),
  reason: z.enum(StatementReason),
  /** Signed hundredths: money in positive, money out negative. */
  amount: ZSignedHundredths,
  balanceAfter: ZHundredths,
  /** The order or purchase it belongs to, when there is one (an order number, a video id). */
  orderNum: z.string().nullable(),
  createTime: ZDateTime,
});

const ZOrderNumQuery = z.object({ orderNum: ZOrderNum });

export const tradeSchemas = {
  "trade.accountDetail": { request: ZEmpty, response: z.array(ZWalletEntry) },
  "trade.userSelfTransfer": {
    request: z
      .object({
        fromType: z.enum(TransferBalance),
        toType: z.enum(TransferBalance),
        amount: ZPositiveHundredths,
      })
      .refine((v) => isTransferAllowed(v.fromType, v.toType), {
        error: "transfers go between gold and the wallet, or gold and the game balance",
      }),
    response: z.array(ZWalletEntry),
  },
  "trade.createPayee": {
    request: z.object({
      cardNumber: z.string().regex(/^\d{12,19}$/),
      cardholderName: ZLine(32).min(2),
      bankName: ZLine(64).min(2),
      /** A fresh SMS code of type PAYEE, sent to the person's own phone. */
      code: ZSmsCode,
    }),
    response: ZBankCard,
  },
  "trade.payeeCards": { request: ZEmpty, response: z.array(ZBankCard) },
  "trade.removeCard": { request: z.object({ id: ZId }), response: ZNone },
  "trade.updatePrimary": { request: z.object({ id: ZId }), response: ZNone },
  "trade.payConfig": { request: ZEmpty, response: z.array(ZPayConfig) },
  "trade.withdrawConfig": {
    request: ZEmpty,
    response: z.object({
      minAmount: ZHundredths,
      maxAmount: ZHundredths,
      withdrawTypes: z.array(ZWithdrawType),
      reservedBonusHours: z.number().int().min(0),
      reservedBonusPercent: z.number().min(0),
      retriesPerDay: z.number().int().min(0),
      eWalletReviewMinutes: z.object({ min: z.number().int(), max: z.number().int() }),
    }),
  },
  "trade.withdrawalDetail": {
    request: ZEmpty,
    response: z.object({
      goldBalance: ZHundredths,
      /** What can be withdrawn now (the balance less amounts in pending withdrawals). */
      withdrawable: ZHundredths,
      minAmount: ZHundredths,
      hasBankCard: z.boolean(),
    }),
  },
  "trade.withdrawal": {
    request: z.object({
      amount: ZPositiveHundredths,
      withdrawType: z.enum([WithdrawType.BANK_WITHDRAW, WithdrawType.GOLD_WITHDRAW]),
      payeeId: ZId.optional(),
      timing: z.enum(WithdrawTiming),
      /** 'withdraw again' after a failure names the failed order. */
      retryOf: ZOrderNum.optional(),
      /** A fresh SMS code of type WITHDRAW, sent to the person's own phone. */
      code: ZSmsCode,
    }),
    response: ZWithdrawOrder,
  },
  "trade.unfinishedWithdraw": { request: ZEmpty, response: z.array(ZWithdrawOrder) },
  "trade.withdrawEEPay": {
    request: z.object({
      amount: ZPositiveHundredths,
      eepayAccount: ZLine(64).min(3),
      timing: z.enum(WithdrawTiming),
      retryOf: ZOrderNum.optional(),
      code: ZSmsCode,
    }),
    response: ZWithdrawOrder,
  },
  "trade.withdrawByOrderNum": { request: ZOrderNumQuery, response: ZWithdrawOrder },
  "trade.confirmReceived": { request: ZOrderNumQuery, response: ZWithdrawOrder },
  "trade.urgeWithdraw": { request: ZOrderNumQuery, response: ZWithdrawOrder },
  "trade.userBillDetails": {
    request: ZPageRequest.extend({ tab: z.enum(OrderTab) }),
    response: ZPage(z.discriminatedUnion("orderType", [ZRechargeOrder, ZWithdrawOrder])),
  },
  "trade.orderDetailById": { request: z.object({ id: ZId }), response: ZRechargeOrder },
  "trade.orderDetail": { request: ZOrderNumQuery, response: ZRechargeOrder },
  "trade.unfinishedOrders": { request: ZEmpty, response: z.array(ZRechargeOrder) },
  "trade.cancelOrder": {
    request: z.object({ orderNum: ZOrderNum, reason: ZLine(limits.cancelReasonMaxLength) }),
    response: ZNone,
  },
  "trade.confirmPaid": { request: ZOrderNumQuery, response: ZRechargeOrder },
  "trade.eepayEnterUrl": { request: ZEmpty, response: z.object({ url: z.string() }) },
  /**
   * The person's EE wallet: its balance, whether one is linked, and which account (e-wallet
   * withdrawals go only there: decision 0023); `account` is null until one is linked.
   */
  "trade.eepayBalance": {
    request: ZEmpty,
    response: z.object({ balance: ZHundredths, bound: z.boolean(), account: z.string().nullable() }),
  },
  "trade.statement": { request: ZPageRequest, response: ZPage(ZStatementLine) },
  "trade.rechargeGold": {
    request: z.object({ amount: ZPositiveHundredths, payMethod: ZPaymentMethod, payeeId: ZId.optional() }),
    response: ZRechargeOrder,
  },
} as const;
