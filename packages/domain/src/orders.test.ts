import { describe, expect, it } from "vitest";
import { MessageKey } from "./messages";
import {
  amountDifference,
  canRechargeMove,
  canWithdrawMove,
  rechargeActions,
  rechargeStatusView,
  rechargeStatuses,
  reservedWithdrawBonus,
  withdrawActions,
  withdrawStatusView,
  withdrawStatuses,
} from "./orders";
import type { WithdrawOrderState } from "./orders";

describe("recharge statuses", () => {
  it.each([
    ["PAYING", MessageKey.rechargePaying, "pending", false],
    ["PROCESSING", MessageKey.rechargeProcessing, "pending", false],
    ["RECHARGE_FAILED", MessageKey.rechargeFailed, "failed", false],
    ["PAYMENT_SUCCESSFUL", MessageKey.rechargeSucceeded, "success", false],
    ["COMPLETE_CHANGE", MessageKey.rechargeSucceededWithChange, "success", true],
    ["CANCELLED", MessageKey.rechargeCancelled, "cancelled", false],
    ["HELD", MessageKey.rechargeHeld, "pending", false],
    ["REFUNDED", MessageKey.rechargeRefunded, "cancelled", false],
  ] as const)("%s → %s, %s", (status, label, tone, changed) => {
    const v = rechargeStatusView(status);
    expect(v).toEqual({ label, tone, final: tone !== "pending", amountChanged: changed });
  });

  it("lists all eight (spec §4's six, and HELD and REFUNDED of decision 0023)", () => {
    expect(rechargeStatuses).toHaveLength(8);
  });

  it.each([
    ["PAYING", "CANCELLED", true],
    ["PAYING", "PROCESSING", true],
    ["PROCESSING", "PAYMENT_SUCCESSFUL", true],
    ["PROCESSING", "CANCELLED", false], // money is already moving
    ["PAYMENT_SUCCESSFUL", "RECHARGE_FAILED", false],
    ["CANCELLED", "PAYING", false],
    // Paid, but not as ordered: held, then credited or refunded by an operator — and nothing else.
    ["PAYING", "HELD", true],
    ["CANCELLED", "HELD", true],
    ["HELD", "COMPLETE_CHANGE", true],
    ["HELD", "REFUNDED", true],
    ["HELD", "CANCELLED", false],
    ["REFUNDED", "COMPLETE_CHANGE", false],
    // A payment that lands after the order was cancelled or expired is still credited.
    ["CANCELLED", "PAYMENT_SUCCESSFUL", true],
    ["CANCELLED", "COMPLETE_CHANGE", true],
    ["RECHARGE_FAILED", "PAYMENT_SUCCESSFUL", false],
  ] as const)("%s → %s allowed: %s", (from, to, ok) => {
    expect(canRechargeMove(from, to)).toBe(ok);
  });

  it.each([
    ["PAYING", ["cancel"]],
    ["PROCESSING", []],
    ["RECHARGE_FAILED", []],
    ["PAYMENT_SUCCESSFUL", []],
    ["COMPLETE_CHANGE", []],
    ["CANCELLED", []],
  ] as const)("%s offers %j", (status, kinds) => {
    expect(rechargeActions({ status }).map((a) => a.kind)).toEqual(kinds);
  });

  it("cancelling asks for a reason of at most 50 characters", () => {
    expect(rechargeActions({ status: "PAYING" })[0]?.reasonMaxLength).toBe(50);
  });
});

describe("withdraw statuses", () => {
  it.each([
    ["WITHDRAWING", MessageKey.withdrawPending, "pending", false],
    ["WITHDRAW_FAILED", MessageKey.withdrawFailed, "failed", false],
    ["WITHDRAW_SUCCESS", MessageKey.withdrawSucceeded, "success", false],
    ["WITHDRAW_CHANGE", MessageKey.withdrawSucceededWithChange, "success", true],
  ] as const)("%s → %s", (status, label, tone, changed) => {
    expect(withdrawStatusView(status)).toMatchObject({ label, tone, amountChanged: changed });
  });

  it("includes the four of the spec", () => {
    expect(withdrawStatuses).toEqual(
      expect.arrayContaining(["WITHDRAWING", "WITHDRAW_FAILED", "WITHDRAW_SUCCESS", "WITHDRAW_CHANGE"]),
    );
  });

  it.each([
    ["WITHDRAWING", "CANCELLED", true],
    ["WITHDRAWING", "WITHDRAW_CHANGE", true],
    ["WITHDRAW_FAILED", "WITHDRAWING", false], // withdraw again is a new order
    ["WITHDRAW_SUCCESS", "CANCELLED", false],
  ] as const)("%s → %s allowed: %s", (from, to, ok) => {
    expect(canWithdrawMove(from, to)).toBe(ok);
  });
});

describe("withdraw actions", () => {
  const pending: WithdrawOrderState = {
    status: "WITHDRAWING",
    withdrawType: "BANK_WITHDRAW",
    timing: "RESERVED",
    sent: false,
  };

  it("a pending reserved withdrawal can be urged and cancelled", () => {
    const actions = withdrawActions(pending, { retriesToday: 0 });
    expect(actions.map((a) => [a.kind, a.label, a.enabled])).toEqual([
      ["urge", MessageKey.actionUrge, true],
      ["cancel", MessageKey.actionCancel, true],
    ]);
  });

  it("a normal withdrawal (it goes at once) is not offered 'urge'; a sent one neither urge nor cancel", () => {
    const kinds = (order: WithdrawOrderState) =>
      withdrawActions(order, { retriesToday: 0 }).map((a) => a.kind);
    expect(kinds({ ...pending, timing: "NORMAL" })).toEqual(["cancel"]);
    expect(kinds({ ...pending, sent: true })).toEqual([]);
    expect(withdrawActions({ ...pending, sent: true, urge: 2 }, { retriesToday: 0 })).toMatchObject([
      { kind: "urge", label: MessageKey.actionUrged, enabled: false },
    ]);
  });

  it.each([
    [null, MessageKey.actionUrge, true],
    [1, MessageKey.actionUrge, true],
    [2, MessageKey.actionUrged, false],
  ] as const)("urge state %s → %s, enabled %s (urged once only)", (urge, label, enabled) => {
    const urgeAction = withdrawActions({ ...pending, urge }, { retriesToday: 0 })[0];
    expect(urgeAction).toMatchObject({ kind: "urge", label, enabled });
  });

  it.each([
    [0, true],
    [9, true],
    [10, false],
    [11, false],
  ])("after a failure with %s re-transfers today, withdraw again enabled: %s", (retriesToday, enabled) => {
    const [action] = withdrawActions({ ...pending, status: "WITHDRAW_FAILED" }, { retriesToday });
    expect(action?.kind).toBe("withdrawAgain");
    expect(action?.enabled).toBe(enabled);
    expect(action?.hint).toEqual(
      enabled ? undefined : { key: MessageKey.withdrawRetryLimit, values: { limit: 10 } },
    );
  });

  it.each([
    ["WITHDRAW_SUCCESS", "BANK_WITHDRAW", false, ["confirmReceived"]],
    ["WITHDRAW_CHANGE", "BANK_WITHDRAW", false, ["confirmReceived"]],
    ["WITHDRAW_SUCCESS", "BANK_WITHDRAW", true, []],
    ["WITHDRAW_SUCCESS", "EEPAY_WITHDRAW", false, []],
    ["WITHDRAW_SUCCESS", "GOLD_WITHDRAW", false, []],
    ["CANCELLED", "BANK_WITHDRAW", false, []],
  ] as const)("%s by %s, confirmed %s → %j", (status, withdrawType, receiptConfirmed, kinds) => {
    const actions = withdrawActions({ status, withdrawType, receiptConfirmed }, { retriesToday: 0 });
    expect(actions.map((a) => a.kind)).toEqual(kinds);
  });
});

describe("amounts", () => {
  it.each([
    [10_000, null, null],
    [10_000, undefined, null],
    [10_000, 10_000, 0],
    [10_000, 9_950, -50],
    [10_000, 10_100, 100],
  ])("applied %s, received %s → difference %s", (applicationAmount, receivedAmount, diff) => {
    expect(amountDifference({ applicationAmount, receivedAmount })).toBe(diff);
  });

  it.each([
    [10_000, { hoursTaken: 10 }, 100], // 1 % of 100.00 within 72 h
    [10_000, { hoursTaken: 72 }, 100],
    [10_000, { hoursTaken: 73 }, 0],
    [12_345, { hoursTaken: 1 }, 123], // rounded down
    [10_000, { hoursTaken: 1, percent: 2.5 }, 250],
    [10_000, { hoursTaken: 30, withinHours: 24 }, 0],
    [10_000, { hoursTaken: 1, percent: 0 }, 0],
  ])("reserved bonus on %s with %j → %s", (amount, params, bonus) => {
    expect(reservedWithdrawBonus(amount, params)).toBe(bonus);
  });

  it("defaults to no time taken", () => {
    expect(reservedWithdrawBonus(10_000)).toBe(100);
  });
});
