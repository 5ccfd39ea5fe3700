import { MessageKey } from "@platform/domain";
import { translateMessage } from "@platform/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";
import { byText, waitFor } from "../../test/renderApp";
import { fakeTradeApi } from "./test/fakeTradeApi";
import { renderTrade, testId } from "./test/renderTrade";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Issue 37, item 10: the result of a recharge back from the provider. */
describe("/trade?orderNum= (a recharge's result)", () => {
  it("never shows 'payment successful' beside the old balance", async () => {
    const { api, state } = fakeTradeApi();
    // The bank has been paid by the time the browser comes back: the server credits the gold when
    // it hears so, and from then on its wallet answers (slowly) with the new balance.
    state.nextStatus.set("R20250000001", "PAYMENT_SUCCESSFUL");
    const before = state.wallet;
    const after = [
      { type: "GOLD", wallet: 29_550 },
      { type: "WALLET", wallet: 5_000 },
    ];
    let credited = false;
    const answers = api.trade.confirmPaid.getMockImplementation();
    api.trade.confirmPaid.mockImplementation(async (request, options) => {
      const order = await (answers ?? (() => Promise.reject(new Error("no fake"))))(request, options);
      credited = order.status === "PAYMENT_SUCCESSFUL";
      return order;
    });
    api.trade.accountDetail.mockImplementation(() => {
      if (!credited) return Promise.resolve(before);
      return new Promise((resolve) => {
        setTimeout(() => {
          resolve(after);
        }, 400);
      });
    });
    await renderTrade(api, "/trade?orderNum=R20250000001");
    const paid = "支付成功";
    // Every moment 'payment successful' is on screen, the balance beside it is the new one.
    const status = () => document.querySelector(".h5-trade-result__status")?.textContent ?? "";
    const seen: (string | undefined)[] = [];
    const observer = new MutationObserver(() => {
      if (status().includes(paid)) seen.push(testId("balance-GOLD"));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await waitFor(() => {
      expect(status()).toContain(paid);
    }, 5000);
    observer.disconnect();
    expect(testId("balance-GOLD")).toBe("295.50");
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((gold) => gold !== "295.50")).toEqual([]);
  }, 10_000);

  it("asks the server, which asks the provider, right after the return, and every second", async () => {
    const { api, state } = fakeTradeApi();
    const app = await renderTrade(api, "/trade?orderNum=R20250000001");
    const paying = translateMessage(app.i18n, { key: MessageKey.rechargePaying });
    const paid = translateMessage(app.i18n, { key: MessageKey.rechargeSucceeded });
    await waitFor(() => byText(paying));
    expect(api.trade.confirmPaid).toHaveBeenCalled();
    const started = Date.now();
    state.nextStatus.set("R20250000001", "PAYMENT_SUCCESSFUL");
    await waitFor(() => byText(paid), 3000);
    expect(Date.now() - started).toBeLessThan(1800);
  });
});
