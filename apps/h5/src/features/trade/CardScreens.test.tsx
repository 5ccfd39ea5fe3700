import { describe, expect, it } from "vitest";
import { byText, click, control, hasControl, queryText, typeInto, waitFor } from "../../test/renderApp";
import { MOBILE, card, fakeTradeApi, refusal } from "./test/fakeTradeApi";
import { field, fieldError, fillCard, renderTrade } from "./test/renderTrade";

const cardRows = () => [...document.querySelectorAll(".h5-cards__item")];
const isCurrent = (row: HTMLElement) => row.querySelector(".h5-trade-badge")?.textContent === "当前";
const rowOf = (bank: string) => {
  const row = cardRows().find((r) => r.textContent.includes(bank));
  if (!(row instanceof HTMLElement)) throw new Error(`no card of ${bank}`);
  return row;
};

describe("/addbankcard", () => {
  it("refuses a number that fails the Luhn check, and one that is not 12-19 digits", async () => {
    const { api } = fakeTradeApi();
    await renderTrade(api, "/addbankcard");
    await fillCard("4111 1111 1111 1112");
    expect(fieldError("银行卡号")).toBe("银行卡号校验未通过，请检查是否输错了数字");
    await click(control("确认添加"));
    expect(api.trade.createPayee).not.toHaveBeenCalled();

    await typeInto(field("银行卡号"), "41111");
    await click(control("确认添加"));
    expect(fieldError("银行卡号")).toBe("银行卡号为 12-19 位数字");
    expect(api.trade.createPayee).not.toHaveBeenCalled();
  });

  it("adds a card with the PAYEE code and goes back to the cards", async () => {
    const { api } = fakeTradeApi({ cards: [] });
    const app = await renderTrade(api, "/addbankcard");
    await fillCard("4111 1111 1111 1111");
    expect(api.user.sendValidateCode).toHaveBeenCalledWith({ phoneNumbers: MOBILE, type: "PAYEE" });
    expect(fieldError("银行卡号")).toBeNull();
    await click(control("确认添加"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/cardmanage");
    });
    expect(api.trade.createPayee).toHaveBeenCalledWith(
      { cardNumber: "4111111111111111", cardholderName: "李四", bankName: "中国银行", code: "4321" },
      { quiet: true },
    );
    await waitFor(() => rowOf("中国银行"));
    expect(rowOf("中国银行").textContent).toContain("**** 1111");
  });

  it("shows a failed bank card verification in place", async () => {
    const { api } = fakeTradeApi();
    api.trade.createPayee.mockRejectedValueOnce(
      refusal("trade.createPayee", "server.bankCardVerificationFailed"),
    );
    await renderTrade(api, "/addbankcard");
    await fillCard("4111111111111111");
    await click(control("确认添加"));
    await waitFor(() => byText("银行卡验证失败，请核对卡号、持卡人和开户行"));
    expect(byText("银行卡验证失败，请核对卡号、持卡人和开户行").getAttribute("role")).toBe("alert");
  });

  it("goes back to /cardManage", async () => {
    const { api } = fakeTradeApi();
    const app = await renderTrade(api, "/addbankcard");
    await click(control("返回"));
    await waitFor(() => {
      expect(app.router.state.location.pathname.toLowerCase()).toBe("/cardmanage");
    });
  });
});

describe("/cardmanage", () => {
  it("lists the cards with the current one marked, and makes another current", async () => {
    const { api } = fakeTradeApi({ cards: [card(1), card(2)] });
    await renderTrade(api, "/cardmanage");
    await waitFor(() => {
      expect(cardRows()).toHaveLength(2);
    });
    expect(isCurrent(rowOf("招商银行"))).toBe(true);
    expect(rowOf("招商银行").textContent).toContain("**** **** **** 4001");
    expect(isCurrent(rowOf("工商银行"))).toBe(false);
    expect(hasControl("设为当前", rowOf("招商银行"))).toBe(false);

    await click(control("将 工商银行 **** **** **** 4002 设为当前银行卡"));
    await waitFor(() => {
      expect(isCurrent(rowOf("工商银行"))).toBe(true);
    });
    expect(api.trade.updatePrimary).toHaveBeenCalledWith({ id: "2" }, { quiet: true });
    expect(isCurrent(rowOf("招商银行"))).toBe(false);
  });

  it("removes a card after a confirmation", async () => {
    const { api } = fakeTradeApi({ cards: [card(1), card(2)] });
    await renderTrade(api, "/cardmanage");
    await waitFor(() => rowOf("工商银行"));
    await click(control("删除 工商银行 **** **** **** 4002"));
    await waitFor(() => byText("确定删除 工商银行 **** **** **** 4002 吗？"));
    expect(api.trade.removeCard).not.toHaveBeenCalled();
    const dialog = document.querySelector<HTMLElement>("[role=alertdialog]");
    if (dialog === null) throw new Error("no dialog");
    await click(control("删除", dialog));
    await waitFor(() => {
      expect(cardRows()).toHaveLength(1);
    });
    expect(api.trade.removeCard).toHaveBeenCalledWith({ id: "2" }, { quiet: true });
    expect(queryText("确定删除 工商银行 **** **** **** 4002 吗？")).toBeNull();
  });

  it("says there are no cards yet, with a way to add one", async () => {
    const { api } = fakeTradeApi({ cards: [] });
    const app = await renderTrade(api, "/cardmanage");
    await waitFor(() => byText("还没有添加银行卡"));
    await click(control("添加银行卡"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/addbankcard");
    });
  });
});
