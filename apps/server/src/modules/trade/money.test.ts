import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessageKey } from "@platform/domain";
import { translate } from "../../http/messages";
import { eq } from "drizzle-orm";
import { eachDatabase, failure, freshSmsCode, rowsOf, startPlatform, until } from "../../../test/harness";
import { goldOf, goodCard, personWithGold } from "../../../test/money";
import type { TestPlatform, signIn } from "../../../test/harness";
import { jobs, rechargeOrders } from "../../db/schema";
import { sign } from "../../providers/payments/signature";
import { sandboxSecret } from "../../providers/payments/sandbox-secret";
import { reconcile } from "./reconcile";

type Api = Awaited<ReturnType<typeof signIn>>["api"];

const person = personWithGold;

/** Press a button of the sandbox checkout page, as the browser would post its form. */
async function checkout(payUrl: string, form: Record<string, string>): Promise<Response> {
  const page = await fetch(payUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<form");
  return fetch(payUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

/** Wait for a recharge to reach a status. */
function reaching(api: Api, orderNum: string, status: string) {
  return until(
    () => api.trade.orderDetail({ orderNum }),
    (o) => o.status === status,
  );
}

eachDatabase("money in and out", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(() => platform.close());

  describe("recharge", () => {
    it("lists the three methods, marked sandbox, with the range or the fixed amounts", async () => {
      const { api } = await person(platform);
      const methods = await api.trade.payConfig();
      expect(methods.map((m) => m.payMethod)).toEqual(["EE_PAY", "BANK_SM", "MERCHANT"]);
      expect(methods.every((m) => m.sandbox)).toBe(true);
      expect(methods.find((m) => m.payMethod === "BANK_SM")).toMatchObject({
        priceType: "RANGE",
        minAmount: 1000,
      });
      expect(methods.find((m) => m.payMethod === "MERCHANT")?.amounts).toContain(10_000);
    });

    it("100.00 through the bank page: PAYING, then PROCESSING/PAID notifications (twice each, in any order) credit it once", async () => {
      const { api, userId } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 10_000, payMethod: "BANK_SM" });
      expect(order).toMatchObject({ status: "PAYING", applicationAmount: 10_000, receivedAmount: null });
      expect(order.payUrl).toMatch(new RegExp(`^${platform.server.origin}/sandbox/pay/bank/checkout/`));
      const paid = await checkout(order.payUrl ?? "", { do: "pay" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`${platform.server.origin}/trade?orderNum=${order.orderNum}`);
      const settled = await reaching(api, order.orderNum, "PAYMENT_SUCCESSFUL");
      expect(settled).toMatchObject({ status: "PAYMENT_SUCCESSFUL", receivedAmount: 10_000, payUrl: null });
      // Every duplicate delivered and answered, the gold arrived once.
      await until(
        () =>
          rowsOf<{ n: number }>(
            platform,
            "select count(*)::int as n from jobs where kind = 'sandbox.deliver' and done_at is null",
          ),
        (rows) => rows[0]?.n === 0,
      );
      expect(await goldOf(platform, userId)).toBe(10_000);
      const events = await rowsOf<{ to_status: string }>(
        platform,
        `select to_status from order_events where order_id = ${order.id} and order_type = 'RECHARGE_ORDER' order by id`,
      );
      expect(events.map((e) => e.to_status).at(-1)).toBe("PAYMENT_SUCCESSFUL");
      const statement = await api.trade.statement({ current: 1, size: 10 });
      expect(statement.records[0]).toMatchObject({
        reason: "RECHARGE",
        amount: 10_000,
        orderNum: order.orderNum,
      });
    });

    it("refuses a second recharge while one is unfinished, saying so with the orders' tab", async () => {
      const { api } = await person(platform);
      const first = await api.trade.rechargeGold({ amount: 5000, payMethod: "MERCHANT" });
      const refused = await failure(api.trade.rechargeGold({ amount: 2000, payMethod: "BANK_SM" }));
      expect(refused.msgKey).toBe(ServerMessageKey.rechargeUnfinished);
      expect(refused.code).toBe(409);
      expect((await api.trade.unfinishedOrders()).map((o) => o.orderNum)).toEqual([first.orderNum]);
    });

    it("refuses amounts outside the range or not offered, and GOLD as a way to pay in", async () => {
      const { api } = await person(platform);
      expect((await failure(api.trade.rechargeGold({ amount: 999, payMethod: "BANK_SM" }))).msgKey).toBe(
        ServerMessageKey.rechargeAmountOutOfRange,
      );
      expect((await failure(api.trade.rechargeGold({ amount: 1234, payMethod: "MERCHANT" }))).msgKey).toBe(
        ServerMessageKey.rechargeAmountNotOffered,
      );
      expect((await failure(api.trade.rechargeGold({ amount: 1000, payMethod: "GOLD" }))).msgKey).toBe(
        ServerMessageKey.payMethodUnavailable,
      );
      expect(await api.trade.unfinishedOrders()).toEqual([]);
    });

    it("pays a different amount: COMPLETE_CHANGE, crediting what was paid", async () => {
      const { api, userId } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 10_000, payMethod: "MERCHANT" });
      await checkout(order.payUrl ?? "", { do: "other", amount: "80.50" });
      const settled = await reaching(api, order.orderNum, "COMPLETE_CHANGE");
      expect(settled).toMatchObject({
        status: "COMPLETE_CHANGE",
        applicationAmount: 10_000,
        receivedAmount: 8050,
      });
      expect(await goldOf(platform, userId)).toBe(8050);
    });

    it("a failed payment ends RECHARGE_FAILED with the reason; nothing is credited", async () => {
      const { api, userId } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 5000, payMethod: "MERCHANT" });
      await checkout(order.payUrl ?? "", { do: "fail" });
      const failed = await reaching(api, order.orderNum, "RECHARGE_FAILED");
      expect(failed.failureReason).toBe(translate("zh_CN", ServerMessageKey.paymentFailed));
      expect(await goldOf(platform, userId)).toBe(0);
    });

    it("abandoned, then cancelled with a reason (at most 50 characters); a payment landing later still credits it", async () => {
      const { api, userId } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 5000, payMethod: "MERCHANT" });
      const back = await checkout(order.payUrl ?? "", { do: "abandon" });
      expect(back.status).toBe(303);
      expect(
        (await failure(api.trade.cancelOrder({ orderNum: order.orderNum, reason: "x".repeat(51) }))).code,
      ).toBe(400);
      await api.trade.cancelOrder({ orderNum: order.orderNum, reason: "changed my mind" });
      expect(await api.trade.orderDetail({ orderNum: order.orderNum })).toMatchObject({
        status: "CANCELLED",
        cancelReason: "changed my mind",
      });
      expect((await failure(api.trade.cancelOrder({ orderNum: order.orderNum, reason: "" }))).msgKey).toBe(
        ServerMessageKey.orderNotCancellable,
      );
      // A new recharge is possible again.
      await api.trade.rechargeGold({ amount: 1000, payMethod: "BANK_SM" });
      // The payer had the page open: they pay anyway. Money paid is money credited.
      await checkout(order.payUrl ?? "", { do: "pay" });
      await reaching(api, order.orderNum, "PAYMENT_SUCCESSFUL");
      expect(await goldOf(platform, userId)).toBe(5000);
    });

    it("an order unpaid past its time is cancelled as expired by the durable job", async () => {
      const { api } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 5000, payMethod: "EE_PAY" });
      const db = platform.server.ctx.db;
      const past = new Date(Date.now() - 1000);
      await db
        .update(rechargeOrders)
        .set({ expiresAt: past })
        .where(eq(rechargeOrders.orderNum, order.orderNum));
      await db
        .update(jobs)
        .set({ runAt: past })
        .where(eq(jobs.key, `recharge.expire:${order.orderNum}`));
      const expired = await reaching(api, order.orderNum, "CANCELLED");
      expect(expired.cancelReason).toBe(translate("zh_CN", ServerMessageKey.rechargeExpired));
    });

    it("EE_PAY pays from the e-wallet's own balance (1 EE coin = 1 yuan)", async () => {
      const { api, userId } = await person(platform);
      expect(await api.trade.eepayBalance()).toEqual({ balance: 0, bound: false, account: null });
      const { url } = await api.trade.eepayEnterUrl();
      expect((await fetch(url, { method: "POST", redirect: "manual" })).status).toBe(303); // add 100 EE coins
      expect(await api.trade.eepayBalance()).toMatchObject({ balance: 10_000, bound: true });
      const order = await api.trade.rechargeGold({ amount: 5000, payMethod: "EE_PAY" });
      await checkout(order.payUrl ?? "", { do: "pay" });
      await reaching(api, order.orderNum, "PAYMENT_SUCCESSFUL");
      expect(await goldOf(platform, userId)).toBe(5000);
      expect((await api.trade.eepayBalance()).balance).toBe(5000);
    });

    it("a forged or replayed notification changes nothing; a true one repeated credits once", async () => {
      const { api, userId } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 5000, payMethod: "MERCHANT" });
      const body = JSON.stringify({
        eventId: `e-${order.orderNum}`,
        type: "payment",
        merchantOrder: order.orderNum,
        status: "PAID",
        paidAmount: 5000,
        failureCode: null,
      });
      const url = `${platform.server.origin}/api/trade/notify/merchant`;
      const forged = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-pay-signature": sign("not the secret", body, new Date()),
        },
        body,
      });
      expect(forged.status).toBe(400);
      const stale = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-pay-signature": sign(
            sandboxSecret(platform.server.ctx.secrets.signingKey, "merchant"),
            body,
            new Date(Date.now() - 3_600_000),
          ),
        },
        body,
      });
      expect(stale.status).toBe(400);
      expect(await goldOf(platform, userId)).toBe(0);
      const secret = sandboxSecret(platform.server.ctx.secrets.signingKey, "merchant");
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-pay-signature": sign(secret, body, new Date()),
            },
            body,
          }).then((r) => r.status),
        ),
      );
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      expect(await goldOf(platform, userId)).toBe(5000);
    });
  });

  it("moves money between the person's own balances, and never below zero", async () => {
    const { api, userId } = await person(platform, 5000);
    const after = await api.trade.userSelfTransfer({ fromType: "GOLD", toType: "WALLET", amount: 1500 });
    expect(after.find((b) => b.type === "GOLD")?.wallet).toBe(3500);
    expect(after.find((b) => b.type === "WALLET")?.wallet).toBe(1500);
    expect(
      (await failure(api.trade.userSelfTransfer({ fromType: "WALLET", toType: "GOLD", amount: 1501 }))).code,
    ).toBe(402);
    expect(
      (await failure(api.trade.userSelfTransfer({ fromType: "GOLD", toType: "GOLD", amount: 1 }))).code,
    ).toBe(400);
    expect(await goldOf(platform, userId)).toBe(3500);
  });

  it("another person's orders, cards and withdrawals are out of reach", async () => {
    const owner = await person(platform, 20_000);
    const code = await freshSmsCode(platform, owner.api, owner.mobile, "PAYEE");
    const card = await owner.api.trade.createPayee({
      cardNumber: goodCard(),
      cardholderName: "李四",
      bankName: "中国银行",
      code,
    });
    const recharge = await owner.api.trade.rechargeGold({ amount: 5000, payMethod: "MERCHANT" });
    const withdrawal = await owner.api.trade.withdrawal({
      amount: 2000,
      withdrawType: "BANK_WITHDRAW",
      timing: "RESERVED",
      code: await freshSmsCode(platform, owner.api, owner.mobile, "WITHDRAW"),
    });
    const { api } = await person(platform, 20_000);
    const refusals = await Promise.all([
      failure(api.trade.orderDetail({ orderNum: recharge.orderNum })),
      failure(api.trade.orderDetailById({ id: recharge.id })),
      failure(api.trade.confirmPaid({ orderNum: recharge.orderNum })),
      failure(api.trade.cancelOrder({ orderNum: recharge.orderNum, reason: "" })),
      failure(api.trade.cancelOrder({ orderNum: withdrawal.orderNum, reason: "" })),
      failure(api.trade.withdrawByOrderNum({ orderNum: withdrawal.orderNum })),
      failure(api.trade.urgeWithdraw({ orderNum: withdrawal.orderNum })),
      failure(api.trade.confirmReceived({ orderNum: withdrawal.orderNum })),
      failure(api.trade.removeCard({ id: card.id })),
      failure(api.trade.updatePrimary({ id: card.id })),
      failure(
        api.trade.withdrawal({
          amount: 2000,
          withdrawType: "BANK_WITHDRAW",
          payeeId: card.id,
          timing: "NORMAL",
          code: "1234",
        }),
      ),
    ]);
    expect(refusals.map((r) => r.code)).toEqual(Array.from({ length: refusals.length }, () => 404));
    expect(
      (await api.trade.userBillDetails({ tab: "RECHARGE_ORDER", current: 1, size: 10 })).records,
    ).toEqual([]);
    expect(await api.trade.payeeCards()).toEqual([]);
    expect((await owner.api.trade.withdrawByOrderNum({ orderNum: withdrawal.orderNum })).status).toBe(
      "WITHDRAWING",
    );
  });

  it("reconcile finds drift a stray write makes (and the suite's end finds none)", async () => {
    const db = platform.server.ctx.db;
    expect((await reconcile(db)).drift).toEqual([]);
    await db
      .transaction(async (tx) => {
        await tx.execute(
          "update wallet_accounts set balance = balance + 1 where user_id is null and type = 'EQUITY'",
        );
        const report = await reconcile(tx);
        expect(report.drift.map((d) => d.check)).toEqual([
          "accounts whose balance is not the sum of their entries",
          "all balances together are not zero",
        ]);
        throw new Error("roll back");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== "roll back") throw error;
      });
    expect((await reconcile(db)).drift).toEqual([]);
  });
});
