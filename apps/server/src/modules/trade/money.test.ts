import { MessageKey, ServerMessageKey } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eachDatabase, failure, freshSmsCode, rowsOf, startPlatform, until } from "../../../test/harness";
import { personWithGold, testCard } from "../../../test/money";
import type { TestPlatform, signIn } from "../../../test/harness";
import { jobs, rechargeOrders } from "../../db/schema";
import { translate } from "../../http/messages";
import { sign } from "../../providers/payments/signature";
import { sandboxSecret } from "../../providers/payments/sandbox/secret";
import { reconcile } from "./reconcile";
import { balancesOf } from "./wallet";

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

const gold = async (platform: TestPlatform, userId: number) =>
  (await balancesOf(platform.server.ctx.db, userId)).GOLD;

// Cards the sandbox bank knows (Luhn-valid): pays, refuses payouts (…0002), fails verification (…0044).
// Cards the sandbox bank knows: pays, refuses payouts (…0002), fails verification (…0044); each
// call a number nobody else has bound (a card is one person's at a time).
const goodCard = () => testCard("0008");
const failingCard = () => testCard("0002");
const unverifiableCard = () => testCard("0044");

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
      expect(await gold(platform, userId)).toBe(10_000);
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
      expect(await gold(platform, userId)).toBe(8050);
    });

    it("a failed payment ends RECHARGE_FAILED with the reason; nothing is credited", async () => {
      const { api, userId } = await person(platform);
      const order = await api.trade.rechargeGold({ amount: 5000, payMethod: "MERCHANT" });
      await checkout(order.payUrl ?? "", { do: "fail" });
      const failed = await reaching(api, order.orderNum, "RECHARGE_FAILED");
      // An order's reason is stored as a key and answered as its sentence (the order has no key field).
      expect(failed.failureReason).toBe(translate("zh_CN", ServerMessageKey.paymentFailed));
      expect(await gold(platform, userId)).toBe(0);
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
      expect(await gold(platform, userId)).toBe(5000);
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
      expect(await gold(platform, userId)).toBe(5000);
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
      expect(await gold(platform, userId)).toBe(0);
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
      expect(await gold(platform, userId)).toBe(5000);
    });
  });

  describe("cards and withdrawals", () => {
    async function withCard(goldAmount: number, number = goodCard()) {
      const who = await person(platform, goldAmount);
      const code = await freshSmsCode(platform, who.api, who.mobile, "PAYEE");
      const added = await who.api.trade.createPayee({
        cardNumber: number,
        cardholderName: "张三",
        bankName: "招商银行",
        code,
      });
      return { ...who, card: added, number };
    }

    it("adds a card with a fresh code and the bank's check; stores it sealed and shows it masked", async () => {
      const { api, mobile, card, userId, number } = await withCard(0);
      expect(card).toMatchObject({
        cardNumber: "**** **** **** 0008",
        isPrimary: true,
        cardholderName: "张三",
      });
      const stored = await rowsOf<{ card_cipher: string }>(
        platform,
        `select card_cipher from payee_cards where user_id = ${userId}`,
      );
      expect(stored[0]?.card_cipher).not.toContain("6222");
      expect(
        (
          await failure(
            api.trade.createPayee({
              cardNumber: "622202000000090009",
              cardholderName: "张三",
              bankName: "招商银行",
              code: "0000",
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.bankCardNumberInvalid);
      expect(
        (
          await failure(
            api.trade.createPayee({
              cardNumber: number,
              cardholderName: "张三",
              bankName: "招商银行",
              code: "0000",
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.bankCardExists);
      expect(
        (
          await failure(
            api.trade.createPayee({
              cardNumber: failingCard(),
              cardholderName: "张三",
              bankName: "招商银行",
              code: "0000",
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.smsCodeWrong);
      const code = await freshSmsCode(platform, api, mobile, "PAYEE");
      expect(
        (
          await failure(
            api.trade.createPayee({
              cardNumber: unverifiableCard(),
              cardholderName: "张三",
              bankName: "招商银行",
              code,
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.bankCardVerificationFailed);
      const second = await api.trade.createPayee({
        cardNumber: failingCard(),
        cardholderName: "张三",
        bankName: "工商银行",
        code: await freshSmsCode(platform, api, mobile, "PAYEE"),
      });
      expect(second.isPrimary).toBe(false);
      await api.trade.updatePrimary({ id: second.id });
      expect((await api.trade.payeeCards()).map((c) => [c.id, c.isPrimary])).toEqual([
        [second.id, true],
        [card.id, false],
      ]);
      await api.trade.removeCard({ id: second.id });
      expect(await api.trade.payeeCards()).toEqual([{ ...card, isPrimary: true }]);
    });

    it("withdraws 50.00 to a card: held at once, paid out, then receipt confirmed", async () => {
      const { api, mobile, userId, card } = await withCard(20_000);
      const detail = await api.trade.withdrawalDetail();
      expect(detail).toMatchObject({
        goldBalance: 20_000,
        withdrawable: 20_000,
        minAmount: 1000,
        hasBankCard: true,
      });
      const code = await freshSmsCode(platform, api, mobile, "WITHDRAW");
      const order = await api.trade.withdrawal({
        amount: 5000,
        withdrawType: "BANK_WITHDRAW",
        payeeId: card.id,
        timing: "NORMAL",
        code,
      });
      expect(order).toMatchObject({ status: "WITHDRAWING", cardNumber: "**** **** **** 0008", urge: 1 });
      expect(await gold(platform, userId)).toBe(15_000);
      const paid = await until(
        () => api.trade.withdrawByOrderNum({ orderNum: order.orderNum }),
        (o) => o.status === "WITHDRAW_SUCCESS",
      );
      expect(paid).toMatchObject({ receivedAmount: 5000, bonusAmount: 0, receiptConfirmed: false });
      // The message centre says so.
      expect((await api.user.messageList({ current: 1, size: 1 })).records[0]).toMatchObject({
        kind: "WITHDRAW_SETTLED",
        params: { orderNum: order.orderNum, amount: 5000, succeeded: true },
      });
      expect((await api.trade.confirmReceived({ orderNum: order.orderNum })).receiptConfirmed).toBe(true);
      expect((await api.trade.confirmReceived({ orderNum: order.orderNum })).receiptConfirmed).toBe(true);
      expect(await gold(platform, userId)).toBe(15_000);
    });

    it("a reserved withdrawal waits for its batch; urged once it goes now as a normal one, without the bonus", async () => {
      const { api, mobile, userId } = await withCard(20_000);
      const order = await api.trade.withdrawal({
        amount: 10_000,
        withdrawType: "BANK_WITHDRAW",
        timing: "RESERVED",
        code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await api.trade.withdrawByOrderNum({ orderNum: order.orderNum })).status).toBe("WITHDRAWING");
      const urged = await api.trade.urgeWithdraw({ orderNum: order.orderNum });
      expect(urged).toMatchObject({ urge: 2, timing: "NORMAL" });
      expect((await failure(api.trade.urgeWithdraw({ orderNum: order.orderNum }))).msgKey).toBe(
        ServerMessageKey.orderAlreadyUrged,
      );
      const paid = await until(
        () => api.trade.withdrawByOrderNum({ orderNum: order.orderNum }),
        (o) => o.status === "WITHDRAW_SUCCESS",
      );
      // Sent before its batch: the reserved bonus is not earned (decision 0023).
      expect(paid.bonusAmount).toBe(0);
      expect(await gold(platform, userId)).toBe(10_000);
    });

    it("a payout the bank refuses gives the money back with the reason; withdraw again once, within the daily limit", async () => {
      const { api, mobile, userId } = await withCard(20_000, failingCard());
      const order = await api.trade.withdrawal({
        amount: 5000,
        withdrawType: "BANK_WITHDRAW",
        timing: "NORMAL",
        code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
      });
      const failed = await until(
        () => api.trade.withdrawByOrderNum({ orderNum: order.orderNum }),
        (o) => o.status === "WITHDRAW_FAILED",
      );
      expect(failed.failureReason).toBe(translate("zh_CN", ServerMessageKey.payoutFailed));
      expect((await api.user.messageList({ current: 1, size: 1 })).records[0]).toMatchObject({
        kind: "WITHDRAW_SETTLED",
        params: { orderNum: order.orderNum, amount: 5000, succeeded: false },
      });
      expect(await gold(platform, userId)).toBe(20_000);
      const again = await api.trade.withdrawal({
        amount: 5000,
        withdrawType: "BANK_WITHDRAW",
        timing: "NORMAL",
        retryOf: order.orderNum,
        code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
      });
      expect(again.retriesToday).toBe(1);
      const twice = await failure(
        api.trade.withdrawal({
          amount: 5000,
          withdrawType: "BANK_WITHDRAW",
          timing: "NORMAL",
          retryOf: order.orderNum,
          code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
        }),
      );
      expect(twice.code).toBe(409);
      // Issue 37: a second retry of the same order is refused saying why, and the order says so.
      expect(twice.msgKey).toBe(ServerMessageKey.withdrawAlreadyRetried);
      expect(twice.msgValues).toEqual({ orderNum: again.orderNum });
      expect((await api.trade.withdrawByOrderNum({ orderNum: order.orderNum })).retried).toBe(true);
      const listed = await api.trade.userBillDetails({ tab: "WITHDRAW_ORDER", current: 1, size: 10 });
      expect(listed.records.map((o) => ("retried" in o ? [o.orderNum, o.retried] : []))).toContainEqual([
        order.orderNum,
        true,
      ]);
      await until(
        () => api.trade.withdrawByOrderNum({ orderNum: again.orderNum }),
        (o) => o.status === "WITHDRAW_FAILED",
      );
      expect(await gold(platform, userId)).toBe(20_000);
    });

    it("refuses below the minimum, above the balance, without a card, and a wrong code — nothing is held", async () => {
      const { api, mobile, userId } = await person(platform, 3000);
      expect(
        (
          await failure(
            api.trade.withdrawal({
              amount: 999,
              withdrawType: "BANK_WITHDRAW",
              timing: "NORMAL",
              code: "1234",
            }),
          )
        ).msgKey,
      ).toBe(MessageKey.withdrawBelowMinimum);
      expect(
        (
          await failure(
            api.trade.withdrawal({
              amount: 2000,
              withdrawType: "BANK_WITHDRAW",
              timing: "NORMAL",
              code: "1234",
            }),
          )
        ).msgKey,
      ).toBe(MessageKey.bankCardRequired);
      // E-wallet payouts go only to the person's linked EE account: none yet, then another's.
      expect(
        (
          await failure(
            api.trade.withdrawEEPay({
              amount: 2000,
              eepayAccount: "EE123456",
              timing: "NORMAL",
              code: "1234",
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.eepayAccountNotLinked);
      const { url } = await api.trade.eepayEnterUrl();
      const linked = decodeURIComponent(/wallet\/([^?]+)/.exec(url)?.[1] ?? "");
      const notYours = await failure(
        api.trade.withdrawEEPay({ amount: 2000, eepayAccount: "EE123456", timing: "NORMAL", code: "1234" }),
      );
      expect(notYours.msgKey).toBe(ServerMessageKey.eepayAccountNotYours);
      expect(notYours.msgValues).toEqual({ account: linked });
      expect(
        (
          await failure(
            api.trade.withdrawEEPay({ amount: 5000, eepayAccount: linked, timing: "NORMAL", code: "1234" }),
          )
        ).code,
      ).toBe(402);
      await freshSmsCode(platform, api, mobile, "WITHDRAW");
      expect(
        (
          await failure(
            api.trade.withdrawEEPay({
              amount: 2000,
              eepayAccount: linked,
              timing: "NORMAL",
              code: "0000",
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.smsCodeWrong);
      expect(await gold(platform, userId)).toBe(3000);
    });

    it("withdraws to the e-wallet after its review: the EE coins arrive; cancel is refused once it is sent", async () => {
      const { api, mobile, userId } = await person(platform, 10_000);
      const { url } = await api.trade.eepayEnterUrl();
      const account = decodeURIComponent(/wallet\/([^?]+)/.exec(url)?.[1] ?? "");
      const order = await api.trade.withdrawEEPay({
        amount: 3000,
        eepayAccount: account,
        timing: "NORMAL",
        code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
      });
      expect(order.withdrawType).toBe("EEPAY_WITHDRAW");
      await until(
        () => api.trade.withdrawByOrderNum({ orderNum: order.orderNum }),
        (o) => o.status === "WITHDRAW_SUCCESS",
      );
      expect(await api.trade.eepayBalance()).toEqual({ balance: 3000, bound: true, account });
      expect((await failure(api.trade.cancelOrder({ orderNum: order.orderNum, reason: "" }))).msgKey).toBe(
        ServerMessageKey.orderNotCancellable,
      );
      expect((await failure(api.trade.confirmReceived({ orderNum: order.orderNum }))).msgKey).toBe(
        ServerMessageKey.receiptNotConfirmable,
      );
      expect(await gold(platform, userId)).toBe(7000);
    });

    it("a reserved withdrawal not yet sent can be cancelled: the money comes back", async () => {
      const { api, mobile, userId } = await withCard(10_000);
      const order = await api.trade.withdrawal({
        amount: 4000,
        withdrawType: "GOLD_WITHDRAW",
        timing: "RESERVED",
        code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
      });
      expect(await gold(platform, userId)).toBe(6000);
      await api.trade.cancelOrder({ orderNum: order.orderNum, reason: "wrong amount" });
      expect((await api.trade.withdrawByOrderNum({ orderNum: order.orderNum })).status).toBe("CANCELLED");
      expect(await gold(platform, userId)).toBe(10_000);
      const list = await api.trade.userBillDetails({ tab: "WITHDRAW_ORDER", current: 1, size: 10 });
      expect(list.records.map((o) => o.orderNum)).toEqual([order.orderNum]);
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
    expect(await gold(platform, userId)).toBe(3500);
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
