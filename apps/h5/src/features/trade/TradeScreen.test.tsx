import { ApiError } from "@platform/api-client";
import { Language, MessageKey } from "@platform/domain";
import { productMessages, translateMessage } from "@platform/i18n";
import { act } from "react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { byText, click, control, hasControl, queryText, typeInto, waitFor } from "../../test/renderApp";
import { windowLocation } from "./leave";
import { ORDER_POLL_MS } from "./queries/orders";
import { RETURN_POLL_MS } from "./queries/recharge";
import { fakeTradeApi, normalMethod, refusal } from "./test/fakeTradeApi";
import { field, fieldError, pageShown, renderTrade, testId } from "./test/renderTrade";

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

/** The page once its balances and pay methods are in. */
async function openTrade(path = "/trade", language: Language = Language.zhCN) {
  const fake = fakeTradeApi();
  const app = await renderTrade(fake.api, path, language);
  await waitFor(() => {
    expect(testId("balance-GOLD")).toBe("195.50");
  });
  return { ...fake, app };
}

describe("/trade", () => {
  it("shows the gold and wallet balances with two decimals, the EE wallet and a paged statement", async () => {
    const { api } = await openTrade();
    expect(testId("balance-WALLET")).toBe("50.00");
    await waitFor(() => {
      expect(testId("eepay-balance")).toBe("123.45");
    });
    // The address is its own call, asked for once the card shows.
    await waitFor(() => {
      expect(control("进入 EE 钱包").getAttribute("href")).toBe("https://eepay.example/wallet");
    });
    const enter = control("进入 EE 钱包");
    expect(enter.getAttribute("target")).toBe("_blank");

    const amounts = () => [...document.querySelectorAll('[data-testid="statement-amount"]')];
    await waitFor(() => {
      expect(amounts()).toHaveLength(10);
    });
    expect(
      amounts()
        .map((a) => a.textContent)
        .slice(0, 2),
    ).toEqual(["+100.00", "-19.99"]);
    await click(control("加载更多"));
    await waitFor(() => {
      expect(amounts()).toHaveLength(12);
    });
    expect(api.trade.statement).toHaveBeenLastCalledWith({ current: 2, size: 10 }, expect.anything());
    // The last page was not full: no more to load.
    expect(hasControl("加载更多")).toBe(false);
  });

  it("marks a sandbox pay method", async () => {
    await openTrade();
    await waitFor(() => byText("沙盒"));
    expect(byText("沙盒").closest("label")?.textContent).toContain("EE 钱包");
    expect(testId("sandbox-note")).toContain("不会产生真实扣款");
    // The bank transfer method is real: choosing it hides the note.
    await click(control("银行转账"));
    expect(testId("sandbox-note")).toBeUndefined();
  });

  it("refuses an amount outside the method's range or with three decimals, then goes to the pay page", async () => {
    const { api } = await openTrade();
    const leave = vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    await waitFor(() => field("充值金额"));

    await typeInto(field("充值金额"), "5");
    expect(fieldError("充值金额")).toBe("充值金额须在 10.00 至 5000.00 之间");
    await click(control("立即充值"));
    await typeInto(field("充值金额"), "12.345");
    expect(fieldError("充值金额")).toBe("请输入大于 0 的金额，最多两位小数");
    await click(control("立即充值"));
    expect(api.trade.rechargeGold).not.toHaveBeenCalled();

    await typeInto(field("充值金额"), "100.5");
    expect(fieldError("充值金额")).toBeNull();
    await click(control("立即充值"));
    await waitFor(() => {
      expect(leave).toHaveBeenCalledWith("https://pay.example/hosted/R20250000099");
    });
    expect(api.trade.rechargeGold).toHaveBeenCalledTimes(1);
    const [body, options] = api.trade.rechargeGold.mock.calls[0] ?? [];
    expect(body).toEqual({ amount: 10_050, payMethod: "EE_PAY" });
    expect(options?.quiet).toBe(true);
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Leaving: the button waits, so a second press sends nothing.
    expect((control("立即充值") as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends a retry after a lost answer with the same Idempotency-Key, a changed amount with a new one", async () => {
    const { api } = await openTrade();
    vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    api.trade.rechargeGold
      .mockRejectedValueOnce(new ApiError({ kind: "network", endpoint: "trade.rechargeGold" }))
      .mockRejectedValueOnce(new ApiError({ kind: "timeout", endpoint: "trade.rechargeGold" }));
    await waitFor(() => field("充值金额"));
    await typeInto(field("充值金额"), "100");
    await click(control("立即充值"));
    await waitFor(() => {
      expect(api.trade.rechargeGold).toHaveBeenCalledTimes(1);
    });
    await waitFor(() => {
      expect((control("立即充值") as HTMLButtonElement).disabled).toBe(false);
    });
    await click(control("立即充值"));
    await waitFor(() => {
      expect(api.trade.rechargeGold).toHaveBeenCalledTimes(2);
    });
    await waitFor(() => {
      expect((control("立即充值") as HTMLButtonElement).disabled).toBe(false);
    });
    await typeInto(field("充值金额"), "101");
    await click(control("立即充值"));
    await waitFor(() => {
      expect(api.trade.rechargeGold).toHaveBeenCalledTimes(3);
    });
    const keys = api.trade.rechargeGold.mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("recharges one of a NORMAL method's amounts, chosen from its chips", async () => {
    const { api } = await openTrade();
    vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    await waitFor(() => control("银行转账"));
    await click(control("银行转账"));
    await click(control("立即充值"));
    expect(byText("请选择充值金额").getAttribute("role")).toBe("alert");
    expect(api.trade.rechargeGold).not.toHaveBeenCalled();

    expect(normalMethod.amounts).toContain(20_000);
    await click(control("200.00"));
    await click(control("立即充值"));
    await waitFor(() => {
      expect(api.trade.rechargeGold).toHaveBeenCalledTimes(1);
    });
    expect(api.trade.rechargeGold.mock.calls[0]?.[0]).toEqual({ amount: 20_000, payMethod: "BANK_SM" });
  });

  it("says an unfinished recharge refuses a new one, with a link to the recharge orders", async () => {
    const { api, app } = await openTrade();
    const leave = vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    api.trade.rechargeGold.mockRejectedValueOnce(
      refusal("trade.rechargeGold", "server.rechargeUnfinished", "您有未完成的充值订单"),
    );
    await waitFor(() => field("充值金额"));
    await typeInto(field("充值金额"), "100");
    await click(control("立即充值"));

    const sentence = app.i18n._(productMessages.rechargeUnfinishedOrders);
    await waitFor(() => byText(sentence));
    expect(byText(sentence).closest("[role=alert]")).not.toBeNull();
    expect(leave).not.toHaveBeenCalled();
    const link = control("查看订单");
    expect(link.getAttribute("href")).toBe("/ordermanage?tab=RECHARGE_ORDER");
    await click(link);
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/ordermanage");
    });
    expect(app.router.state.location.search).toEqual({ tab: "RECHARGE_ORDER" });
  });

  it("follows a recharge sent back from the provider until it is paid, then refreshes the balances", async () => {
    // The page's timers are fake (moving with real time too, for waitFor): the wait for a poll
    // that must not come passes at once below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { api, state, app } = await openTrade("/trade?orderNum=R20250000001");
    const paying = translateMessage(app.i18n, { key: MessageKey.rechargePaying });
    const processing = translateMessage(app.i18n, { key: MessageKey.rechargeProcessing });
    const paid = translateMessage(app.i18n, { key: MessageKey.rechargeSucceeded });
    await waitFor(() => byText(paying));
    expect(testId("result-applied")).toBe("100.00");
    expect(control("查看订单详情").getAttribute("href")).toBe(
      "/orderdetails?page=RECHARGE_ORDER&orderNum=R20250000001",
    );

    state.nextStatus.set("R20250000001", "PROCESSING");
    await click(control("我已支付"));
    await waitFor(() => byText(processing));
    expect(api.trade.confirmPaid).toHaveBeenCalledWith({ orderNum: "R20250000001" }, { quiet: true });
    expect(hasControl("我已支付")).toBe(false);

    const walletCalls = api.trade.accountDetail.mock.calls.length;
    state.nextStatus.set("R20250000001", "PAYMENT_SUCCESSFUL");
    await waitFor(() => byText(paid), 5000);
    expect(testId("result-received")).toBe("100.00");
    await waitFor(() => {
      expect(api.trade.accountDetail.mock.calls.length).toBeGreaterThan(walletCalls);
    });

    // Final: no more asking, even after more than a poll's interval.
    const asked = api.trade.orderDetail.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ORDER_POLL_MS + RETURN_POLL_MS);
    });
    expect(api.trade.orderDetail.mock.calls.length).toBe(asked);
  }, 12_000);

  it("says so when 'I have paid' finds no payment yet", async () => {
    const { api, state, app } = await openTrade("/trade?orderNum=R20250000001");
    const paying = translateMessage(app.i18n, { key: MessageKey.rechargePaying });
    await waitFor(() => byText(paying));
    const unpaid = state.recharges[0];
    if (unpaid === undefined) throw new Error("no order");
    api.trade.confirmPaid.mockResolvedValueOnce(unpaid);
    await click(control("我已支付"));
    await waitFor(() => byText("暂未收到付款，完成支付后请再试"));
    expect(byText(paying)).toBeTruthy();
    expect(hasControl("我已支付")).toBe(true);
  });

  it("moves money between wallet and gold, refusing more than the balance", async () => {
    const { api } = await openTrade();
    await typeInto(field("转账金额"), "60");
    expect(fieldError("转账金额")).toBe("超出钱包可转出余额");
    await click(control("确认转账"));
    expect(api.trade.userSelfTransfer).not.toHaveBeenCalled();

    await typeInto(field("转账金额"), "20");
    await click(control("确认转账"));
    await waitFor(() => {
      expect(testId("balance-GOLD")).toBe("215.50");
    });
    expect(testId("balance-WALLET")).toBe("30.00");
    expect(api.trade.userSelfTransfer.mock.calls[0]?.[0]).toEqual({
      fromType: "WALLET",
      toType: "GOLD",
      amount: 2_000,
    });
  });

  it("shows the balance refusal of a transfer beside its amount", async () => {
    const { api } = await openTrade();
    api.trade.userSelfTransfer.mockRejectedValueOnce(
      refusal("trade.userSelfTransfer", "server.balanceTooLow", "余额不足"),
    );
    await typeInto(field("转账金额"), "10");
    await click(control("确认转账"));
    await waitFor(() => {
      expect(fieldError("转账金额")).toBe("金币余额不足，请先充值");
    });
  });

  it("returns where it came from (?from=, an app path only)", async () => {
    const { app } = await openTrade("/trade?from=%2Fvideoview%3Fid%3D42");
    await click(control("返回"));
    await waitFor(() => {
      expect(pageShown()).toBe("/videoview?id=42");
    });
    app.unmount();

    // Not an app path: back goes home instead.
    await openTrade("/trade?from=%2F%2Fevil.example");
    await click(control("返回"));
    await waitFor(() => {
      expect(pageShown()).toBe("/");
    });
  });

  it("speaks English", async () => {
    await openTrade("/trade", Language.enUS);
    await waitFor(() => byText("Recharge Gold"));
    expect(byText("Sandbox")).toBeTruthy();
    expect(byText("My balances")).toBeTruthy();
    await typeInto(field("Recharge amount"), "1");
    expect(fieldError("Recharge amount")).toBe("The amount must be between 10.00 and 5000.00");
    expect(queryText("充值金币")).toBeNull();
  });
});
