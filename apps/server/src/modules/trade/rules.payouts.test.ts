import { randomUUID } from "node:crypto";
import { ServerMessageKey, SmsCodeType } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, rowsOf, startPlatform, until } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { peopleWithTokens, rulesEnv, smsCodeFor, testCard, withdrawWithNewCard } from "../../../test/money";
import { callOn } from "../../../test/processes";
import { reconcile } from "./reconcile";
import { balancesOf } from "../ledger/wallet";

/**
 * Step 17 (decision 0023), the findings about payouts: codes, the cards paid to, the reserved
 * withdrawals' bonus, each as a case that failed before and holds now (the rest: rules.test.ts).
 */
eachDatabase("money rules: payouts (Step 17)", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform(target, rulesEnv);
  });
  afterAll(() => platform.close());

  const code = (mobile: string, token: string, type: SmsCodeType) =>
    smsCodeFor(platform, mobile, token, type);

  describe("codes (finding 8)", () => {
    it("a newer code voids the older; a withdrawal refused before it does anything leaves its code usable", async () => {
      const [person] = await peopleWithTokens(platform, 1, 20_000);
      if (!person) throw new Error("no person");
      const { origin } = platform.server;
      const number = testCard("0008");
      const payee = await callOn(origin, person.token, "trade.createPayee", {
        cardNumber: number,
        cardholderName: "王五",
        bankName: "招商银行",
        code: await code(person.mobile, person.token, SmsCodeType.PAYEE),
      });
      expect(payee.code).toBe(200);
      const older = await code(person.mobile, person.token, SmsCodeType.WITHDRAW);
      const newer = await code(person.mobile, person.token, SmsCodeType.WITHDRAW);
      const ask = (withCode: string, key?: string) =>
        callOn(
          origin,
          person.token,
          "trade.withdrawal",
          { amount: 2000, withdrawType: "BANK_WITHDRAW", timing: "NORMAL", code: withCode },
          key,
        );
      if (older !== newer)
        expect((await ask(older, randomUUID())).msgKey).toBe(ServerMessageKey.smsCodeWrong);
      // No Idempotency-Key: refused before the code is even looked at; the code stays good.
      expect((await ask(newer)).msgKey).toBe(ServerMessageKey.idempotencyKeyMissing);
      // Refused for the balance under the lock: the code stays good too.
      expect(
        (
          await callOn(
            origin,
            person.token,
            "trade.withdrawal",
            { amount: 2_000_000, withdrawType: "BANK_WITHDRAW", timing: "NORMAL", code: newer },
            randomUUID(),
          )
        ).code,
      ).toBe(402);
      expect((await ask(newer, randomUUID())).code).toBe(200);
      // Used once: never again.
      expect((await ask(newer, randomUUID())).msgKey).toBe(ServerMessageKey.smsCodeWrong);
    });
  });

  describe("payout destinations (finding 7)", () => {
    it("a card bound to one person cannot be bound by another, whatever the name; the refused code stays good", async () => {
      const [victim, other] = await peopleWithTokens(platform, 2, 0);
      if (!victim || !other) throw new Error("no people");
      const { origin } = platform.server;
      const number = testCard("0008");
      const bind = (who: typeof victim, holder: string, cardNumber: string, withCode: string) =>
        callOn(origin, who.token, "trade.createPayee", {
          cardNumber,
          cardholderName: holder,
          bankName: "招商银行",
          code: withCode,
        });
      expect(
        (await bind(victim, "受害人", number, await code(victim.mobile, victim.token, "PAYEE"))).code,
      ).toBe(200);
      const otherCode = await code(other.mobile, other.token, "PAYEE");
      const refused = await bind(other, "冒名者", number, otherCode);
      expect(refused).toMatchObject({ code: 409, msgKey: ServerMessageKey.bankCardBoundElsewhere });
      // The refusal used nothing up: the same code binds a card of their own.
      expect((await bind(other, "冒名者", testCard("0008"), otherCode)).code).toBe(200);
      // Once the first person removes it, it can be bound by someone else.
      const cards = (await callOn(origin, victim.token, "trade.payeeCards", {})).data as { id: string }[];
      await callOn(origin, victim.token, "trade.removeCard", { id: cards[0]?.id });
      expect(
        (await bind(other, "新持卡人", number, await code(other.mobile, other.token, "PAYEE"))).code,
      ).toBe(200);
    });

    it("the sandbox bank keeps payout card numbers sealed", async () => {
      const [person] = await peopleWithTokens(platform, 1, 10_000);
      if (!person) throw new Error("no person");
      const number = testCard("0008");
      const orderNum = await withdrawWithNewCard(platform, person, number, {
        amount: 2000,
        timing: "NORMAL",
      });
      const rows = await until(
        () =>
          rowsOf<{ destination: string }>(
            platform,
            `select destination::text from sandbox_payouts where merchant_order = '${orderNum}'`,
          ),
        (r) => r.length > 0,
      );
      expect(rows[0]?.destination).not.toContain(number);
      expect(rows[0]?.destination).not.toContain(number.slice(0, 12));
      expect(JSON.parse(rows[0]?.destination ?? "{}")).toMatchObject({ kind: "card", last4: "0008" });
    });
  });

  describe("reserved withdrawals (finding 1)", () => {
    it("paid with its batch, a reserved withdrawal earns 1 %; urged before it, none (money.test.ts)", async () => {
      const [person] = await peopleWithTokens(platform, 1, 20_000);
      if (!person) throw new Error("no person");
      const { origin } = platform.server;
      const orderNum = await withdrawWithNewCard(platform, person, testCard("0008"), {
        amount: 10_000,
        timing: "RESERVED",
      });
      const paid = await until(
        async () =>
          (await callOn(origin, person.token, "trade.withdrawByOrderNum", { orderNum })).data as {
            status: string;
            bonusAmount: number;
          },
        (o) => o.status === "WITHDRAW_SUCCESS",
      );
      expect(paid.bonusAmount).toBe(100);
      expect((await balancesOf(platform.server.ctx.db, person.userId)).GOLD).toBe(10_100);
    });
  });

  it("leaves the books balanced (reconcile finds no drift)", async () => {
    expect((await reconcile(platform.server.ctx.db)).drift).toEqual([]);
  });
});
