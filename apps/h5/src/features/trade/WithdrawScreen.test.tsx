import { describe, expect, it } from "vitest";
import { byText, click, control, hasControl, queryText, typeInto, waitFor } from "../../test/renderApp";
import { MOBILE, card, fakeTradeApi, refusal } from "./test/fakeTradeApi";
import { field, fieldError, fillCard, renderTrade, testId } from "./test/renderTrade";

async function openWithdraw(path = "/withdraw", options: Parameters<typeof fakeTradeApi>[0] = {}) {
  const fake = fakeTradeApi(options);
  const app = await renderTrade(fake.api, path);
  await waitFor(() => {
    expect(testId("withdraw-withdrawable")).toBe("150.00");
  });
  return { ...fake, app };
}

/** Submits the form and waits for the one withdrawal it sends; its request. */
async function submitted(api: ReturnType<typeof fakeTradeApi>["api"]) {
  await click(control("确认提现"));
  await waitFor(() => {
    expect(api.trade.withdrawal).toHaveBeenCalledTimes(1);
  });
  return api.trade.withdrawal.mock.calls[0]?.[0];
}

async function enterCode() {
  await click(control("获取验证码"));
  await waitFor(() => byText("验证码已发送"));
  await typeInto(field("验证码"), "1234");
}

describe("/withdraw", () => {
  it("refuses less than the minimum single withdrawal, more than can be withdrawn, three decimals", async () => {
    const { api } = await openWithdraw();
    expect(testId("withdraw-gold")).toBe("195.50");
    await waitFor(() => byText("招商银行"));

    await typeInto(field("提现金额"), "5");
    expect(fieldError("提现金额")).toBe("单笔最低提现 10.00 金币");
    await typeInto(field("提现金额"), "150.01");
    expect(fieldError("提现金额")).toBe("超出可提现余额");
    await typeInto(field("提现金额"), "20.001");
    expect(fieldError("提现金额")).toBe("请输入大于 0 的金额，最多两位小数");
    await enterCode();
    await click(control("确认提现"));
    expect(api.trade.withdrawal).not.toHaveBeenCalled();

    await typeInto(field("提现金额"), "150");
    expect(fieldError("提现金额")).toBeNull();
  });

  it("asks for a bank card first when there is none, linking to add one", async () => {
    const { api, app } = await openWithdraw("/withdraw", { cards: [] });
    await waitFor(() => byText("请先添加银行卡"));
    await typeInto(field("提现金额"), "100");
    await enterCode();
    await click(control("确认提现"));
    expect(api.trade.withdrawal).not.toHaveBeenCalled();
    expect(byText("请先添加银行卡").closest("[role=alert]")).not.toBeNull();

    await click(control("添加银行卡"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/addbankcard");
    });
  });

  it("withdraws to the current card with the reserved bonus and the SMS code, then shows the order", async () => {
    const { api, app } = await openWithdraw();
    await waitFor(() => byText("招商银行"));
    await typeInto(field("提现金额"), "100");
    await click(control("预约提现"));
    expect(testId("withdraw-bonus")).toBe("预计奖励 1.00");
    expect(
      byText("随下一批次发出，72 小时内到账可额外获得 1% 奖励；催单会改为普通提现立即发出，不再获得奖励"),
    ).toBeTruthy();

    await click(control("确认提现"));
    expect(fieldError("验证码")).toBe("请输入 4 位验证码");
    expect(api.trade.withdrawal).not.toHaveBeenCalled();

    await enterCode();
    expect(api.user.sendValidateCode).toHaveBeenCalledWith({ phoneNumbers: MOBILE, type: "WITHDRAW" });
    await click(control("确认提现"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/orderdetails");
    });
    expect(app.router.state.location.search).toEqual({
      page: "WITHDRAW_ORDER",
      orderNum: "W20250000050",
    });
    const [body, options] = api.trade.withdrawal.mock.calls[0] ?? [];
    expect(body).toEqual({
      amount: 10_000,
      withdrawType: "BANK_WITHDRAW",
      payeeId: "1",
      timing: "RESERVED",
      code: "1234",
    });
    expect(options?.quiet).toBe(true);
    expect(typeof options?.idempotencyKey).toBe("string");
    await waitFor(() => byText("W20250000050"));
  });

  it("changes the card the money goes to", async () => {
    const { api } = await openWithdraw("/withdraw", { cards: [card(1), card(2)] });
    await waitFor(() => byText("招商银行"));
    await click(control("更换银行卡"));
    await waitFor(() => byText("选择银行卡"));
    await click(control("工商银行"));
    await waitFor(() => {
      expect(queryText("选择银行卡")).toBeNull();
    });
    await typeInto(field("提现金额"), "20");
    await enterCode();
    expect((await submitted(api))?.payeeId).toBe("2");
  });

  it("adds a card from the card choice and comes back to /withdraw with the new card chosen", async () => {
    const { api, app } = await openWithdraw();
    await waitFor(() => byText("招商银行"));
    await click(control("更换银行卡"));
    await click(await waitFor(() => control("添加银行卡")));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/addbankcard");
    });
    expect(app.router.state.location.search).toEqual({ from: "/withdraw" });
    await fillCard("4111 1111 1111 1111");
    await click(control("确认添加"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/withdraw");
    });
    await waitFor(() => byText("中国银行"));
    expect(queryText("招商银行")).toBeNull();
    await typeInto(field("提现金额"), "20");
    await enterCode();
    expect((await submitted(api))?.payeeId).toBe("2");
  });

  it("withdraws to the person's own linked EE account, saying how long the review takes", async () => {
    const { api } = await openWithdraw();
    await click(control("提现到 EE 钱包"));
    expect(byText("EE 钱包提现需审核，预计 5-10 分钟到账")).toBeTruthy();
    expect(hasControl("更换银行卡")).toBe(false);
    // No account to type: the payout goes to the linked one, shown.
    await waitFor(() => byText("EE7788"));
    await typeInto(field("提现金额"), "30");
    await enterCode();
    await click(control("确认提现"));
    await waitFor(() => {
      expect(api.trade.withdrawEEPay).toHaveBeenCalledTimes(1);
    });
    expect(api.trade.withdrawEEPay.mock.calls[0]?.[0]).toEqual({
      amount: 3_000,
      eepayAccount: "EE7788",
      timing: "NORMAL",
      code: "1234",
    });
    expect(api.trade.withdrawal).not.toHaveBeenCalled();
  });

  it("without a linked EE wallet, says to open one first and sends nothing", async () => {
    const { api } = await openWithdraw();
    api.trade.eepayBalance.mockResolvedValue({ balance: 0, bound: false, account: null });
    await click(control("提现到 EE 钱包"));
    await waitFor(() => byText("请先开通 EE 钱包：EE 钱包提现只能到您本人的 EE 钱包"));
    expect(control("去开通 EE 钱包").getAttribute("href")).toBe("/trade");
    await typeInto(field("提现金额"), "30");
    await enterCode();
    await click(control("确认提现"));
    expect(api.trade.withdrawEEPay).not.toHaveBeenCalled();
  });

  it("withdraws again for a failed order: its amount filled in, retryOf sent", async () => {
    const { api } = await openWithdraw("/withdraw?retryOf=W20250000002");
    await waitFor(() => {
      expect(field("提现金额").value).toBe("50.00");
    });
    expect(byText("重新提现失败的订单 W20250000002（每天最多重新转账 10 次）")).toBeTruthy();
    await enterCode();
    expect(await submitted(api)).toMatchObject({
      amount: 5_000,
      retryOf: "W20250000002",
    });
  });

  it("withdraws again: what the person typed before the failed order's answer came is kept", async () => {
    const fake = fakeTradeApi();
    const answer = fake.api.trade.withdrawByOrderNum.getMockImplementation();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.api.trade.withdrawByOrderNum.mockImplementation(async (...args) => {
      await held;
      if (answer === undefined) throw new Error("the fake has no order");
      return answer(...args);
    });
    await renderTrade(fake.api, "/withdraw?retryOf=W20250000002");
    await waitFor(() => {
      expect(testId("withdraw-withdrawable")).toBe("150.00");
    });
    await typeInto(field("提现金额"), "20");
    release();
    await waitFor(() => {
      expect(fake.api.trade.withdrawByOrderNum).toHaveBeenCalled();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field("提现金额").value).toBe("20");
    await enterCode();
    expect(await submitted(fake.api)).toMatchObject({ amount: 2_000, retryOf: "W20250000002" });
  });

  it("shows the server's 'balance too low' beside the amount, and keeps one key for a retried intent", async () => {
    const { api } = await openWithdraw();
    api.trade.withdrawal.mockRejectedValueOnce(refusal("trade.withdrawal", "server.balanceTooLow"));
    await waitFor(() => byText("招商银行"));
    await typeInto(field("提现金额"), "100");
    await enterCode();
    await click(control("确认提现"));
    await waitFor(() => {
      expect(fieldError("提现金额")).toBe("金币余额不足，请先充值");
    });
    // A refusal is an answer: the next try is a new intent with a new key.
    await click(control("确认提现"));
    await waitFor(() => {
      expect(api.trade.withdrawal).toHaveBeenCalledTimes(2);
    });
    const keys = api.trade.withdrawal.mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
