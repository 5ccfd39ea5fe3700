import type { MessageDescriptor } from "@lingui/core";
import { MessageKey } from "@platform/domain";

/**
 * The domain message keys only the money screens show (orders, withdrawals, bank cards). An amount's
 * own rules (`amountRequired`, `amountFormat`) stay shared: /game's transfers read
 * amounts too.
 */
type MoneyKeyName =
  | "withdrawBelowMinimum"
  | "withdrawOverBalance"
  | "bankCardRequired"
  | "rechargePaying"
  | "rechargeProcessing"
  | "rechargeFailed"
  | "rechargeSucceeded"
  | "rechargeSucceededWithChange"
  | "rechargeCancelled"
  | "rechargeHeld"
  | "rechargeRefunded"
  | "withdrawPending"
  | "withdrawFailed"
  | "withdrawSucceeded"
  | "withdrawSucceededWithChange"
  | "actionUrge"
  | "actionUrged"
  | "actionCancel"
  | "actionWithdrawAgain"
  | "actionConfirmReceived"
  | "withdrawRetryLimit";
export type MoneyMessageKey = (typeof MessageKey)[MoneyKeyName];

/**
 * The sentences of the domain's money keys, in the source language (zh-CN): extracted into the
 * money catalog (lingui.config.ts), which the money screens load and the server reads with the
 * others (`messages.ts`). The record type makes a missing key a type error.
 */
export const domainMoneyMessages: Readonly<Record<MoneyMessageKey, MessageDescriptor>> = {
  [MessageKey.withdrawBelowMinimum]: /*i18n*/ {
    id: "validation.withdrawBelowMinimum",
    message: "单笔最低提现 {minimum} {unitGold}",
  },
  [MessageKey.withdrawOverBalance]: /*i18n*/ {
    id: "validation.withdrawOverBalance",
    message: "超出可提现余额",
  },
  [MessageKey.bankCardRequired]: /*i18n*/ { id: "validation.bankCardRequired", message: "请先添加银行卡" },
  [MessageKey.rechargePaying]: /*i18n*/ { id: "order.recharge.paying", message: "支付中" },
  [MessageKey.rechargeProcessing]: /*i18n*/ { id: "order.recharge.processing", message: "处理中" },
  [MessageKey.rechargeFailed]: /*i18n*/ { id: "order.recharge.failed", message: "该充值订单失败" },
  [MessageKey.rechargeSucceeded]: /*i18n*/ { id: "order.recharge.succeeded", message: "支付成功" },
  [MessageKey.rechargeSucceededWithChange]: /*i18n*/ {
    id: "order.recharge.succeededWithChange",
    message: "成功（金额有差异）",
  },
  [MessageKey.rechargeCancelled]: /*i18n*/ { id: "order.recharge.cancelled", message: "已取消" },
  [MessageKey.rechargeHeld]: /*i18n*/ {
    id: "order.recharge.held",
    message: "待核实：实付金额与订单不符，客服核实后将入账或原路退回",
  },
  [MessageKey.rechargeRefunded]: /*i18n*/ { id: "order.recharge.refunded", message: "已原路退回" },
  [MessageKey.withdrawPending]: /*i18n*/ { id: "order.withdraw.pending", message: "提现中" },
  [MessageKey.withdrawFailed]: /*i18n*/ { id: "order.withdraw.failed", message: "提现失败" },
  [MessageKey.withdrawSucceeded]: /*i18n*/ { id: "order.withdraw.succeeded", message: "提现成功" },
  [MessageKey.withdrawSucceededWithChange]: /*i18n*/ {
    id: "order.withdraw.succeededWithChange",
    message: "提现成功（金额有差异）",
  },
  [MessageKey.actionUrge]: /*i18n*/ { id: "order.action.urge", message: "催单" },
  [MessageKey.actionUrged]: /*i18n*/ { id: "order.action.urged", message: "已催单" },
  [MessageKey.actionCancel]: /*i18n*/ { id: "order.action.cancel", message: "取消订单" },
  [MessageKey.actionWithdrawAgain]: /*i18n*/ { id: "order.action.withdrawAgain", message: "重新提现" },
  [MessageKey.actionConfirmReceived]: /*i18n*/ { id: "order.action.confirmReceived", message: "确认收款" },
  [MessageKey.withdrawRetryLimit]: /*i18n*/ {
    id: "order.withdraw.retryLimit",
    message: "每天最多重新转账 {limit} 次",
  },
};
