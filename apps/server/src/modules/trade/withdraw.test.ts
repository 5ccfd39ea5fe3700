import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageKey, ServerMessageKey } from "@platform/domain";
import { translate } from "../../http/messages";
import { eachDatabase, failure, freshSmsCode, rowsOf, startPlatform, until } from "../../../test/harness";
import { failingCard, goldOf, goodCard, personWithGold, unverifiableCard } from "../../../test/money";
import type { TestPlatform } from "../../../test/harness";
import { reconcile } from "./reconcile";

const person = personWithGold;

eachDatabase("money out", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(() => platform.close());

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
      expect(await goldOf(platform, userId)).toBe(15_000);
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
      expect(await goldOf(platform, userId)).toBe(15_000);
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
      expect(await goldOf(platform, userId)).toBe(10_000);
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
      expect(await goldOf(platform, userId)).toBe(20_000);
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
      expect(await goldOf(platform, userId)).toBe(20_000);
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
      expect(notYours.msg).toContain(linked);
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
      expect(await goldOf(platform, userId)).toBe(3000);
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
      expect(await goldOf(platform, userId)).toBe(7000);
    });

    it("a reserved withdrawal not yet sent can be cancelled: the money comes back", async () => {
      const { api, mobile, userId } = await withCard(10_000);
      const order = await api.trade.withdrawal({
        amount: 4000,
        withdrawType: "GOLD_WITHDRAW",
        timing: "RESERVED",
        code: await freshSmsCode(platform, api, mobile, "WITHDRAW"),
      });
      expect(await goldOf(platform, userId)).toBe(6000);
      await api.trade.cancelOrder({ orderNum: order.orderNum, reason: "wrong amount" });
      expect((await api.trade.withdrawByOrderNum({ orderNum: order.orderNum })).status).toBe("CANCELLED");
      expect(await goldOf(platform, userId)).toBe(10_000);
      const list = await api.trade.userBillDetails({ tab: "WITHDRAW_ORDER", current: 1, size: 10 });
      expect(list.records.map((o) => o.orderNum)).toEqual([order.orderNum]);
    });
  });

  it("leaves the books balanced (reconcile finds no drift)", async () => {
    expect((await reconcile(platform.server.ctx.db)).drift).toEqual([]);
  });
});
