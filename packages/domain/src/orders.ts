import { limits } from "./constants";
import { UrgeState, WithdrawTiming, WithdrawType, wallet } from "./trade";
import { MessageKey, message } from "./messages";
import type { Message } from "./messages";
import type { Hundredths } from "./money";

/** Recharge order statuses (spec §4); CANCELLED is the 'cancelled' the spec also shows. */
export const RechargeStatus = {
  PAYING: "PAYING",
  PROCESSING: "PROCESSING",
  RECHARGE_FAILED: "RECHARGE_FAILED",
  PAYMENT_SUCCESSFUL: "PAYMENT_SUCCESSFUL",
  COMPLETE_CHANGE: "COMPLETE_CHANGE",
  CANCELLED: "CANCELLED",
  /**
   * Paid, but not as ordered (an amount outside its method's range, or too far above the order):
   * the money is kept aside until an operator credits it or refunds it (decision 0023).
   */
  HELD: "HELD",
  /** A held payment given back to the payer. */
  REFUNDED: "REFUNDED",
} as const;
export type RechargeStatus = (typeof RechargeStatus)[keyof typeof RechargeStatus];
export const rechargeStatuses: readonly RechargeStatus[] = /* @__PURE__ */ Object.values(RechargeStatus);

/**
 * Withdraw order statuses (spec §4). The spec says a withdrawal "can be cancelled" without naming
 * the status that follows, so a cancelled withdrawal ends in CANCELLED, as a recharge does.
 */
export const WithdrawStatus = {
  WITHDRAWING: "WITHDRAWING",
  WITHDRAW_FAILED: "WITHDRAW_FAILED",
  WITHDRAW_SUCCESS: "WITHDRAW_SUCCESS",
  WITHDRAW_CHANGE: "WITHDRAW_CHANGE",
  CANCELLED: "CANCELLED",
} as const;
export type WithdrawStatus = (typeof WithdrawStatus)[keyof typeof WithdrawStatus];
export const withdrawStatuses: readonly WithdrawStatus[] = /* @__PURE__ */ Object.values(WithdrawStatus);

export type OrderTone = "pending" | "success" | "failed" | "cancelled";

export interface OrderStatusView {
  readonly label: MessageKey;
  readonly tone: OrderTone;
  /** No further transition can happen. */
  readonly final: boolean;
  /** Succeeded with a received amount that differs from the amount applied for. */
  readonly amountChanged: boolean;
}

function view(label: MessageKey, tone: OrderTone, amountChanged = false): OrderStatusView {
  return { label, tone, final: tone !== "pending", amountChanged };
}

const rechargeViews: Record<RechargeStatus, OrderStatusView> = {
  PAYING: view(MessageKey.rechargePaying, "pending"),
  PROCESSING: view(MessageKey.rechargeProcessing, "pending"),
  RECHARGE_FAILED: view(MessageKey.rechargeFailed, "failed"),
  PAYMENT_SUCCESSFUL: view(MessageKey.rechargeSucceeded, "success"),
  COMPLETE_CHANGE: view(MessageKey.rechargeSucceededWithChange, "success", true),
  CANCELLED: view(MessageKey.rechargeCancelled, "cancelled"),
  HELD: view(MessageKey.rechargeHeld, "pending"),
  REFUNDED: view(MessageKey.rechargeRefunded, "cancelled"),
};

const withdrawViews: Record<WithdrawStatus, OrderStatusView> = {
  WITHDRAWING: view(MessageKey.withdrawPending, "pending"),
  WITHDRAW_FAILED: view(MessageKey.withdrawFailed, "failed"),
  WITHDRAW_SUCCESS: view(MessageKey.withdrawSucceeded, "success"),
  WITHDRAW_CHANGE: view(MessageKey.withdrawSucceededWithChange, "success", true),
  CANCELLED: view(MessageKey.rechargeCancelled, "cancelled"),
};

export function rechargeStatusView(status: RechargeStatus): OrderStatusView {
  return rechargeViews[status];
}

export function withdrawStatusView(status: WithdrawStatus): OrderStatusView {
  return withdrawViews[status];
}

/**
 * The transitions the server allows. Paying can be abandoned (cancelled) or settle directly (an
 * e-wallet confirms at once); a bank transfer goes through processing. A payment that arrives
 * after the order was cancelled (by its owner, or as expired) still settles it: money that was
 * paid is always credited — unless it is not what the order allows, when it is HELD until an
 * operator credits it (COMPLETE_CHANGE) or refunds it (REFUNDED). A failed withdrawal stays
 * failed: 'withdraw again' makes a new order.
 */
export const rechargeTransitions: Readonly<Record<RechargeStatus, readonly RechargeStatus[]>> = {
  PAYING: ["PROCESSING", "RECHARGE_FAILED", "PAYMENT_SUCCESSFUL", "COMPLETE_CHANGE", "CANCELLED", "HELD"],
  PROCESSING: ["RECHARGE_FAILED", "PAYMENT_SUCCESSFUL", "COMPLETE_CHANGE", "HELD"],
  RECHARGE_FAILED: [],
  PAYMENT_SUCCESSFUL: [],
  COMPLETE_CHANGE: [],
  CANCELLED: ["PAYMENT_SUCCESSFUL", "COMPLETE_CHANGE", "HELD"],
  HELD: ["PAYMENT_SUCCESSFUL", "COMPLETE_CHANGE", "REFUNDED"],
  REFUNDED: [],
};

export const withdrawTransitions: Readonly<Record<WithdrawStatus, readonly WithdrawStatus[]>> = {
  WITHDRAWING: ["WITHDRAW_FAILED", "WITHDRAW_SUCCESS", "WITHDRAW_CHANGE", "CANCELLED"],
  WITHDRAW_FAILED: [],
  WITHDRAW_SUCCESS: [],
  WITHDRAW_CHANGE: [],
  CANCELLED: [],
};

export function canRechargeMove(from: RechargeStatus, to: RechargeStatus): boolean {
  return rechargeTransitions[from].includes(to);
}

export function canWithdrawMove(from: WithdrawStatus, to: WithdrawStatus): boolean {
  return withdrawTransitions[from].includes(to);
}

export type OrderActionKind = "urge" | "cancel" | "withdrawAgain" | "confirmReceived";

export interface OrderAction {
  readonly kind: OrderActionKind;
  readonly label: MessageKey;
  readonly enabled: boolean;
  /** Why the action is shown but cannot be taken. */
  readonly hint?: Message;
  /** Cancelling asks for a reason of at most this many characters (spec §5). */
  readonly reasonMaxLength?: number;
}

const cancelAction: OrderAction = {
  kind: "cancel",
  label: MessageKey.actionCancel,
  enabled: true,
  reasonMaxLength: limits.cancelReasonMaxLength,
};

/** A recharge still being paid can be cancelled with a reason; nothing else can be done to one. */
export function rechargeActions(order: { readonly status: RechargeStatus }): readonly OrderAction[] {
  return order.status === RechargeStatus.PAYING ? [cancelAction] : [];
}

export interface WithdrawOrderState {
  readonly status: WithdrawStatus;
  /** A WithdrawType. */
  readonly withdrawType: string;
  /** PRESS (1) or absent: can still be urged; DONE (2): urged already. */
  readonly urge?: UrgeState | null;
  readonly receiptConfirmed?: boolean;
  /** A failed order already withdrawn again: it is not offered again (the server refuses it too). */
  readonly retried?: boolean;
  /** RESERVED (waits for its batch) or NORMAL (goes at once); absent: NORMAL. */
  readonly timing?: string;
  /** Sent to the bank or e-wallet already: it is theirs to pay now. */
  readonly sent?: boolean;
}

/**
 * What a person can do with a withdrawal: while it is pending, cancel it, and urge a reserved one
 * still waiting for its batch once (then the button reads 'urged'); after a failure, withdraw again up to 10 times a day; after a payout to a
 * bank card, confirm it was received.
 */
export function withdrawActions(
  order: WithdrawOrderState,
  context: { readonly retriesToday: number },
): readonly OrderAction[] {
  switch (order.status) {
    case WithdrawStatus.WITHDRAWING: {
      // Once sent it is the bank's to pay: neither urged nor cancelled (the server refuses both).
      const cancel = order.sent === true ? [] : [cancelAction];
      if (order.urge === UrgeState.DONE)
        return [{ kind: "urge", label: MessageKey.actionUrged, enabled: false }, ...cancel];
      // Only a reserved one still waiting for its batch can be hurried (a normal one goes at once).
      return order.timing === WithdrawTiming.RESERVED && order.sent !== true
        ? [{ kind: "urge", label: MessageKey.actionUrge, enabled: true }, ...cancel]
        : cancel;
    }
    case WithdrawStatus.WITHDRAW_FAILED: {
      if (order.retried === true) return [];
      const left = context.retriesToday < wallet.withdrawRetriesPerDay;
      return [
        {
          kind: "withdrawAgain",
          label: MessageKey.actionWithdrawAgain,
          enabled: left,
          ...(left
            ? {}
            : { hint: message(MessageKey.withdrawRetryLimit, { limit: wallet.withdrawRetriesPerDay }) }),
        },
      ];
    }
    case WithdrawStatus.WITHDRAW_SUCCESS:
    case WithdrawStatus.WITHDRAW_CHANGE:
      return order.withdrawType === WithdrawType.BANK_WITHDRAW && order.receiptConfirmed !== true
        ? [{ kind: "confirmReceived", label: MessageKey.actionConfirmReceived, enabled: true }]
        : [];
    default:
      return [];
  }
}

/**
 * The difference between the amount received and the amount applied for (negative: less arrived),
 * or null when nothing has been received yet.
 */
export function amountDifference(order: {
  readonly applicationAmount: Hundredths;
  readonly receivedAmount?: Hundredths | null;
}): Hundredths | null {
  return order.receivedAmount == null ? null : order.receivedAmount - order.applicationAmount;
}

/**
 * The reserved-withdrawal bonus: a reserved withdrawal paid within the window earns the extra
 * percentage (both are parameters; defaults from spec §9), rounded down to the hundredth.
 */
export function reservedWithdrawBonus(
  amount: Hundredths,
  params: { readonly percent?: number; readonly withinHours?: number; readonly hoursTaken: number } = {
    hoursTaken: 0,
  },
): Hundredths {
  const percent = params.percent ?? wallet.reservedBonusPercent;
  const window = params.withinHours ?? wallet.reservedBonusHours;
  if (params.hoursTaken > window || percent <= 0) return 0;
  return Math.floor((amount * Math.round(percent * 100)) / 10_000);
}
