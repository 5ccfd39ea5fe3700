import { Language, MessageKey } from "@platform/domain";
import { translateMessage } from "@platform/i18n";
import { act } from "react";
import { describe, expect, it } from "vitest";
import {
  byText,
  click,
  control,
  hasControl,
  queryText,
  scrollForMore,
  typeInto,
  waitFor,
} from "../../test/renderApp";
import { fakeTradeApi, refusal } from "./test/fakeTradeApi";
import { field, fieldError, renderTrade } from "./test/renderTrade";

const rows = () => [...document.querySelectorAll(".h5-order-row")];
const rowOf = (orderNum: string) => {
  const row = rows().find((r) => r.textContent.includes(orderNum));
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${orderNum}`);
  return row;
};
const selectedTab = () => document.querySelector('[role=tab][aria-selected="true"]')?.textContent;

describe("/ordermanage", () => {
  it("lists each tab's orders (number, amount, status, time) and keeps the tab in the URL", async () => {
    const { api } = fakeTradeApi();
    const app = await renderTrade(api, "/ordermanage?tab=RECHARGE_ORDER");
    const text = (key: MessageKey) => translateMessage(app.i18n, { key });
    await waitFor(() => {
      expect(rows()).toHaveLength(3);
    });
    expect(selectedTab()).toBe("充值订单");
    const first = rowOf("R20250000001");
    expect(first.textContent).toContain("100.00");
    expect(first.textContent).toContain(text(MessageKey.rechargePaying));
    expect(first.textContent).toContain("2025-06-01 10:00:00");
    expect(first.querySelector("a")?.getAttribute("href")).toBe(
      "/orderdetails?page=RECHARGE_ORDER&orderNum=R20250000001",
    );

    await click(control("提现订单"));
    await waitFor(() => {
      expect(app.router.state.location.search).toEqual({ tab: "WITHDRAW_ORDER" });
    });
    await waitFor(() => rowOf("W20250000002"));
    expect(rowOf("W20250000001").textContent).toContain(text(MessageKey.withdrawPending));
    expect(rowOf("W20250000002").textContent).toContain(text(MessageKey.withdrawFailed));
    expect(rowOf("W20250000003").textContent).toContain(text(MessageKey.withdrawSucceeded));

    // Arrow keys move between the tabs (pressed on the chosen one).
    const chosen = document.querySelector<HTMLElement>('[role=tab][aria-selected="true"]');
    await act(async () => {
      chosen?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(selectedTab()).toBe("充值订单");
    });
    expect(document.activeElement?.textContent).toBe("充值订单");
  });

  it("loads the next page near the bottom while the last one was full", async () => {
    const { api } = fakeTradeApi({ recharges: 12 });
    await renderTrade(api, "/ordermanage?tab=RECHARGE_ORDER");
    await waitFor(() => {
      expect(rows()).toHaveLength(10);
    });
    await scrollForMore(rows, 12);
    expect(api.trade.userBillDetails).toHaveBeenLastCalledWith(
      { tab: "RECHARGE_ORDER", current: 2, size: 10 },
      expect.anything(),
    );
  });

  it("says when a tab has no orders", async () => {
    const { api } = fakeTradeApi({ recharges: 0, withdrawals: 0 });
    await renderTrade(api, "/ordermanage?tab=RECHARGE_ORDER");
    await waitFor(() => byText("暂无充值订单"));
    await click(control("提现订单"));
    await waitFor(() => byText("暂无提现订单"));
    expect(queryText("暂无充值订单")).toBeNull();
  });

  it("cancels with a reason of at most 50 characters (a longer one is refused here)", async () => {
    const { api } = fakeTradeApi();
    const app = await renderTrade(api, "/ordermanage?tab=RECHARGE_ORDER");
    await waitFor(() => rowOf("R20250000001"));
    // Only the recharge being paid can be cancelled.
    expect(hasControl("取消订单", rowOf("R20250000002"))).toBe(false);
    await click(control("取消订单", rowOf("R20250000001")));
    const dialog = document.querySelector("[role=alertdialog]");
    expect(dialog).not.toBeNull();

    await typeInto(field("取消原因（选填）"), "太".repeat(51));
    expect(fieldError("取消原因（选填）")).toBe("原因最多 50 个字");
    expect(byText("51/50")).toBeTruthy();
    await click(control("确认取消"));
    expect(api.trade.cancelOrder).not.toHaveBeenCalled();

    await typeInto(field("取消原因（选填）"), "不想充了");
    expect(fieldError("取消原因（选填）")).toBeNull();
    await click(control("确认取消"));
    await waitFor(() => {
      expect(api.trade.cancelOrder).toHaveBeenCalledWith(
        { orderNum: "R20250000001", reason: "不想充了" },
        { quiet: true },
      );
    });
    const cancelled = translateMessage(app.i18n, { key: MessageKey.rechargeCancelled });
    await waitFor(() => {
      expect(rowOf("R20250000001").textContent).toContain(cancelled);
    });
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
    expect(hasControl("取消订单", rowOf("R20250000001"))).toBe(false);
  });

  it("offers 'urge' only where the server takes it: not on a normal withdrawal, nor a sent one", async () => {
    const { api, state } = fakeTradeApi({ withdrawals: 4 });
    state.withdrawals = state.withdrawals.map((o, i) =>
      i === 3 ? { ...o, status: "WITHDRAWING", timing: "RESERVED", sent: true, receivedAmount: null } : o,
    );
    await renderTrade(api, "/ordermanage?tab=WITHDRAW_ORDER");
    await waitFor(() => rowOf("W20250000004"));
    expect(hasControl("催单", rowOf("W20250000001"))).toBe(false);
    expect(hasControl("取消订单", rowOf("W20250000001"))).toBe(true);
    expect(hasControl("催单", rowOf("W20250000004"))).toBe(false);
    expect(hasControl("取消订单", rowOf("W20250000004"))).toBe(false);
  });

  it("shows the server's reason when it refuses an urge (the order moved on meanwhile)", async () => {
    const { api, state } = fakeTradeApi();
    state.withdrawals = state.withdrawals.map((o, i) => (i === 0 ? { ...o, timing: "RESERVED" } : o));
    api.trade.urgeWithdraw.mockRejectedValueOnce(
      refusal("trade.urgeWithdraw", "server.orderUrgeSent", "refused in the server's words"),
    );
    await renderTrade(api, "/ordermanage?tab=WITHDRAW_ORDER");
    await waitFor(() => rowOf("W20250000001"));
    await click(control("催单", rowOf("W20250000001")));
    await click(control("确认催单"));
    await waitFor(() => byText("这笔提现已提交银行处理，无法再催单；到账后会通知你，请耐心等待"));
    // The dialog closes and the order is read again (where it is now).
    await waitFor(() => {
      expect(hasControl("确认催单")).toBe(false);
    });
  });

  it("urging a reserved withdrawal says first that it gives up the bonus; 'keep waiting' sends nothing", async () => {
    const { api, state } = fakeTradeApi();
    state.withdrawals = state.withdrawals.map((o, i) => (i === 0 ? { ...o, timing: "RESERVED" } : o));
    await renderTrade(api, "/ordermanage?tab=WITHDRAW_ORDER");
    await waitFor(() => rowOf("W20250000001"));
    await click(control("催单", rowOf("W20250000001")));
    await waitFor(() => byText("催单后，这笔预约提现将改为普通提现立即发出，不再获得预约提现的 1% 奖励。"));
    await click(control("继续等待批次"));
    expect(api.trade.urgeWithdraw).not.toHaveBeenCalled();
    await click(control("催单", rowOf("W20250000001")));
    await click(control("确认催单"));
    await waitFor(() => {
      expect(hasControl("已催单", rowOf("W20250000001"))).toBe(true);
    });
    expect(api.trade.urgeWithdraw).toHaveBeenCalledTimes(1);
  });

  it("confirms a bank payout was received, and sends a failed one to 'withdraw again'", async () => {
    const { api } = fakeTradeApi();
    const app = await renderTrade(api, "/ordermanage?tab=WITHDRAW_ORDER");
    await waitFor(() => rowOf("W20250000003"));
    await click(control("确认收款", rowOf("W20250000003")));
    await waitFor(() => byText("已确认收款"));
    await waitFor(() => {
      expect(hasControl("确认收款", rowOf("W20250000003"))).toBe(false);
    });

    await click(control("重新提现", rowOf("W20250000002")));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/withdraw");
    });
    expect(app.router.state.location.search).toEqual({ retryOf: "W20250000002" });
  });
});

describe("/orderdetails", () => {
  it("shows every field of a withdrawal, its failure in the reader's words, and goes back to its tab", async () => {
    const { api } = fakeTradeApi();
    const app = await renderTrade(api, "/orderdetails?page=WITHDRAW_ORDER&orderNum=W20250000002");
    const value = (name: string) => document.querySelector(`[data-field="${name}"] dd`)?.textContent ?? null;
    await waitFor(() => {
      expect(value("orderNum")).toBe("W20250000002");
    });
    expect(value("withdrawType")).toBe("提现到银行卡");
    expect(value("timing")).toBe("普通提现");
    expect(value("applicationAmount")).toBe("50.00");
    expect(value("receivedAmount")).toBe("—");
    expect(value("payee")).toBe("张三");
    expect(value("bankName")).toBe("招商银行");
    expect(value("cardNumber")).toBe("**** **** **** 1234");
    expect(value("createTime")).toBe("2025-06-02 09:00:00");
    await waitFor(() => {
      expect(value("failureReason")).toContain("银行信息有误或银行卡已过期");
    });
    expect(hasControl("重新提现")).toBe(true);

    await click(control("返回"));
    await waitFor(() => {
      expect(app.router.state.location.pathname.toLowerCase()).toBe("/ordermanage");
    });
    expect(app.router.state.location.search).toEqual({ tab: "WITHDRAW_ORDER" });
  });

  it("shows a recharge only a recharge's fields, no payee or receiving bank", async () => {
    const { api } = fakeTradeApi();
    await renderTrade(api, "/orderdetails?page=RECHARGE_ORDER&orderNum=R20250000001");
    const field = (name: string) => document.querySelector(`[data-field="${name}"]`);
    await waitFor(() => {
      expect(field("payMethod")).not.toBeNull();
    });
    expect([field("payee"), field("bankName"), field("cardNumber")]).toEqual([null, null, null]);
  });

  it("offers no 'withdraw again' on a failed withdrawal already withdrawn again", async () => {
    const { api, state } = fakeTradeApi();
    state.withdrawals = state.withdrawals.map((o) =>
      o.orderNum === "W20250000002" ? { ...o, retried: true } : o,
    );
    await renderTrade(api, "/orderdetails?page=WITHDRAW_ORDER&orderNum=W20250000002");
    const value = (name: string) => document.querySelector(`[data-field="${name}"] dd`)?.textContent ?? null;
    await waitFor(() => {
      expect(value("failureReason")).toContain("银行信息有误或银行卡已过期");
    });
    expect(hasControl("重新提现")).toBe(false);
  });

  it("shows a recharge's method and cancel reason, in English too", async () => {
    const { api, state } = fakeTradeApi();
    state.recharges = state.recharges.map((o, i) =>
      i === 1 ? { ...o, status: "CANCELLED", cancelReason: "changed my mind" } : o,
    );
    await renderTrade(api, "/orderdetails?page=RECHARGE_ORDER&orderNum=R20250000002", Language.enUS);
    await waitFor(() => byText("Order details"));
    await waitFor(() => byText("changed my mind"));
    expect(byText("Reason for cancelling")).toBeTruthy();
    expect(byText("EE wallet")).toBeTruthy();
    expect(byText("Cancelled")).toBeTruthy();
    // One order is titled as one order, not as the list of them ('Recharge orders').
    expect(byText("Recharge order", "h2")).toBeTruthy();
  });

  it("says when there is no such order", async () => {
    const { api } = fakeTradeApi();
    await renderTrade(api, "/orderdetails?page=RECHARGE_ORDER&orderNum=R99999999");
    await waitFor(() => byText("找不到这个订单"));
    expect(control("查看订单").getAttribute("href")).toBe("/ordermanage?tab=RECHARGE_ORDER");
  });
});
