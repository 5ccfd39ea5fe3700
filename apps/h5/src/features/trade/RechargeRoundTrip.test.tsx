import { afterEach, describe, expect, it, vi } from "vitest";
import { click, control, waitFor } from "../../test/renderApp";
import { windowLocation } from "./leave";
import { fakeTradeApi } from "./test/fakeTradeApi";
import { renderTrade, testId } from "./test/renderTrade";

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

/** A radio of the recharge form by its group and value. */
function radio(name: string, value: string): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`);
  if (input === null) throw new Error(`no radio ${name}=${value}`);
  return input;
}

/** Issue 37, item 11: the way back from /trade, and the recharge form across the provider's page. */
describe("/trade's back arrow and the round trip to the provider", () => {
  it.each(["/trade", "/trade?orderNum=R20250000001"])(
    "%s has a back arrow, home without ?from=",
    async (path) => {
      const { api } = fakeTradeApi();
      const app = await renderTrade(api, path);
      await waitFor(() => control("返回"));
      await click(control("返回"));
      await waitFor(() => {
        expect(app.router.state.location.pathname).toBe("/");
      });
    },
  );

  it("keeps the chosen method and amount when the provider sends the browser back", async () => {
    const { api } = fakeTradeApi();
    const leave = vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    const first = await renderTrade(api, "/trade");
    await waitFor(() => radio("payMethod", "BANK_SM"));
    await click(radio("payMethod", "BANK_SM"));
    await waitFor(() => radio("amount", "20000"));
    await click(radio("amount", "20000"));
    await click(control("立即充值"));
    await waitFor(() => {
      expect(leave).toHaveBeenCalled();
    });
    expect(api.trade.rechargeGold.mock.calls[0]?.[0]).toEqual({ amount: 20_000, payMethod: "BANK_SM" });
    first.unmount();

    // The provider's page sends the whole window back to the result: a new app, the same tab.
    await renderTrade(api, "/trade?orderNum=R20250000099");
    await waitFor(() => {
      expect(testId("balance-GOLD")).toBe("195.50");
    });
    await waitFor(() => {
      expect(radio("payMethod", "BANK_SM").checked).toBe(true);
    });
    expect(radio("amount", "20000").checked).toBe(true);
  });
});
