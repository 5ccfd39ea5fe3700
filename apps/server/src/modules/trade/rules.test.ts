import { randomUUID } from "node:crypto";
import { endpoints } from "@platform/api-client";
import { GameRoundOutcome, MessageKind, ServerMessageKey, SmsCodeType } from "@platform/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aMinuteLater, eachDatabase, lastSmsCode, rowsOf, startSeeded, until } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { peopleWithTokens, personWithGold, rulesEnv, testCard } from "../../../test/money";
import { walletCall } from "../../../test/game";
import { callOn } from "../../../test/processes";
import { withCause } from "../../db/cause";
import { gameBets, journals, messages } from "../../db/schema";
import { sign } from "../../providers/payments/signature";
import { sandboxSecret } from "../../providers/payments/sandbox/secret";
import { sweepOpenBets } from "../game/sweep";
import { decideWin, journalsOf } from "./desk";
import { providerOf } from "./providers";
import { creditHeld, refundHeld } from "./recharge";
import { reconcile } from "./reconcile";
import { balancesOf } from "./wallet";

/**
 * Step 17 (decision 0023): what the attack on the money found, each as a case that failed before
 * and holds now. The races are in `rules.race.test.ts` (PostgreSQL, two processes).
 */
const operator = { actor: "operator", actorId: "desk-test", requestId: "cli-test", address: null } as const;

/** Press a button of the sandbox checkout page, as the browser would post its form. */
async function checkout(payUrl: string, form: Record<string, string>): Promise<void> {
  const response = await fetch(payUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  expect(response.status).toBeLessThan(400);
}

eachDatabase("money rules (Step 17)", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startSeeded(target, rulesEnv);
  }, 120_000);
  afterAll(() => platform.close());

  /** A fresh code of a kind for a phone (the 60 s rule waved by moving the last one back). */
  async function code(mobile: string, token: string, type: SmsCodeType): Promise<string> {
    await aMinuteLater(platform, mobile);
    const sent = await callOn(platform.server.origin, token, "user.sendValidateCode", {
      phoneNumbers: mobile,
      type,
    });
    expect(sent.code).toBe(200);
    return lastSmsCode(platform, mobile);
  }

  /** A signed call of the seamless wallet, as the provider makes it. */
  const wallet = (call: string, body: object) => walletCall(platform, call, body);

  /** The GAME_ROUND messages a person was sent, oldest first: their parameters. */
  async function roundMessages(userId: number) {
    const told = await platform.server.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.kind, MessageKind.GAME_ROUND)));
    return told.map((m) => m.params as { outcome: string; stake: number });
  }

  /** Bind a card (with its code) and withdraw to it (with another): the order's number. */
  async function withdrawToNewCard(
    person: { mobile: string; token: string },
    cardNumber: string,
    asked: { amount: number; timing: "NORMAL" | "RESERVED" },
  ): Promise<string> {
    const { origin } = platform.server;
    const card = await callOn(origin, person.token, "trade.createPayee", {
      cardNumber,
      cardholderName: "赵六",
      bankName: "工商银行",
      code: await code(person.mobile, person.token, "PAYEE"),
    });
    expect(card.code).toBe(200);
    const made = await callOn(
      origin,
      person.token,
      "trade.withdrawal",
      { ...asked, withdrawType: "BANK_WITHDRAW", code: await code(person.mobile, person.token, "WITHDRAW") },
      randomUUID(),
    );
    expect(made.code).toBe(200);
    return (made.data as { orderNum: string }).orderNum;
  }

  describe("notifications (finding 5, 12)", () => {
    const signedBody = (merchantOrder: string) => {
      const body = JSON.stringify({
        eventId: randomUUID(),
        type: "payment",
        merchantOrder,
        status: "PAID",
        paidAmount: 1000,
        failureCode: null,
      });
      return {
        body,
        signature: sign(sandboxSecret(platform.server.ctx.secrets.signingKey, "bank"), body, new Date()),
      };
    };

    it("a channel named after the object prototype's keys is no channel: 400, never 500", async () => {
      const { body, signature } = signedBody("R0");
      for (const channel of [
        "constructor",
        "__proto__",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "prototype",
      ]) {
        const response = await fetch(`${platform.server.origin}/api/trade/notify/${channel}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-pay-signature": signature },
          body,
        });
        expect([channel, response.status]).toEqual([channel, 400]);
      }
    });

    it("what the server did not process answers non-2xx: too large, not JSON, an unknown order", async () => {
      const url = `${platform.server.origin}/api/trade/notify/bank`;
      const big = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"pad":"${"x".repeat(1024 * 1024 + 10)}"}`,
      });
      expect(big.status).toBe(413);
      const form = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "eventId=1&status=PAID",
      });
      expect(form.status).toBe(415);
      const xml = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/xml" },
        body: "<notify><status>PAID</status></notify>",
      });
      expect(xml.status).toBe(415);
      const { body, signature } = signedBody("R00000000000000000000");
      const unknown = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-pay-signature": signature },
        body,
      });
      expect(unknown.status).toBe(404);
      // The game wallet's calls too: a refusal keeps its HTTP status.
      const wrongType = await fetch(`${platform.server.origin}/api/game/wallet/bet`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "playerId=1",
      });
      expect(wrongType.status).toBe(415);
    });
  });

  describe("amounts paid that are not what was ordered (finding 6)", () => {
    it("over-paid and under-paid orders are held in suspense, not credited; an operator credits or refunds", async () => {
      const { api, userId } = await personWithGold(platform);
      // MERCHANT takes fixed amounts (10.00 to 1 000.00): 10.00 ordered, 99 999.99 paid.
      const over = await api.trade.rechargeGold({ amount: 1000, payMethod: "MERCHANT" });
      await checkout(over.payUrl ?? "", { do: "other", amount: "99999.99" });
      const heldOver = await until(
        () => api.trade.orderDetail({ orderNum: over.orderNum }),
        (o) => o.status === "HELD",
      );
      expect(heldOver).toMatchObject({ status: "HELD", applicationAmount: 1000, receivedAmount: 9_999_999 });
      expect((await balancesOf(platform.server.ctx.db, userId)).GOLD).toBe(0);
      // A held order is not unfinished: the person can recharge again. BANK_SM's least is 10.00:
      // 0.01 paid on a 100.00 order is held too.
      const under = await api.trade.rechargeGold({ amount: 10_000, payMethod: "BANK_SM" });
      await checkout(under.payUrl ?? "", { do: "other", amount: "0.01" });
      await until(
        () => api.trade.orderDetail({ orderNum: under.orderNum }),
        (o) => o.status === "HELD",
      );
      expect((await balancesOf(platform.server.ctx.db, userId)).GOLD).toBe(0);
      expect((await api.trade.unfinishedOrders()).map((o) => o.orderNum)).toEqual([]);
      // The provider repeating itself changes nothing.
      const repeat = JSON.stringify({
        eventId: randomUUID(),
        type: "payment",
        merchantOrder: over.orderNum,
        status: "PAID",
        paidAmount: 9_999_999,
        failureCode: null,
      });
      const answered = await fetch(`${platform.server.origin}/api/trade/notify/merchant`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-pay-signature": sign(
            sandboxSecret(platform.server.ctx.secrets.signingKey, "merchant"),
            repeat,
            new Date(),
          ),
        },
        body: repeat,
      });
      expect(answered.status).toBe(200);
      expect((await balancesOf(platform.server.ctx.db, userId)).GOLD).toBe(0);
      const suspense = await rowsOf<{ sum: string }>(
        platform,
        "select coalesce(sum(balance), 0)::text as sum from wallet_accounts where user_id is null and type = 'SUSPENSE'",
      );
      expect(Number(suspense[0]?.sum)).toBeGreaterThanOrEqual(9_999_999 + 1);
      expect((await reconcile(platform.server.ctx.db)).drift).toEqual([]);

      // The operator's desk: the under-payment credited, the over-payment refunded to its payer.
      const db = platform.server.ctx.db;
      const credited = await withCause(operator, () => creditHeld(db, under.orderNum));
      expect(credited.status).toBe("COMPLETE_CHANGE");
      expect((await balancesOf(db, userId)).GOLD).toBe(1);
      const refunded = await withCause(operator, () =>
        refundHeld(db, (channel) => providerOf(platform.server.ctx, channel), over.orderNum),
      );
      expect(refunded.status).toBe("REFUNDED");
      const [atProvider] = await rowsOf<{ status: string }>(
        platform,
        `select status from sandbox_payments where merchant_order = '${over.orderNum}'`,
      );
      expect(atProvider?.status).toBe("REFUNDED");
      expect((await balancesOf(db, userId)).GOLD).toBe(1);
      // Neither can be decided twice.
      await expect(withCause(operator, () => creditHeld(db, over.orderNum))).rejects.toThrow(/not HELD/);
      const trail = await journalsOf(db, under.orderNum);
      expect(trail.map((j) => [j.kind, j.actor])).toEqual([
        ["RECHARGE_HELD", "provider"],
        ["RECHARGE", "operator"],
      ]);
      expect((await reconcile(db)).drift).toEqual([]);
    });
  });

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
      const orderNum = await withdrawToNewCard(person, number, { amount: 2000, timing: "NORMAL" });
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
      const orderNum = await withdrawToNewCard(person, testCard("0008"), {
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

  describe("the game wallet (findings 3, 5, 9)", () => {
    async function player(game: number) {
      const { api, userId } = await personWithGold(platform, game * 2);
      await api.trade.userSelfTransfer({ fromType: "GOLD", toType: "GAME", amount: game });
      return { api, userId, playerId: String(userId) };
    }

    it("a signed call for a player this platform does not have is a 400, never a 500", async () => {
      for (const playerId of ["999999999", "9999999999999999", "0"]) {
        expect((await wallet("balance", { playerId })).status).toBe(400);
        const bet = await wallet("bet", {
          playerId,
          gameCode: "dice",
          transactionId: randomUUID(),
          amount: 100,
        });
        expect(bet).toEqual({ status: 400, body: { error: "player" } });
        const win = await wallet("win", {
          playerId,
          gameCode: "dice",
          transactionId: randomUUID(),
          betTransactionId: randomUUID(),
          amount: 100,
        });
        expect(win.status).toBe(400);
      }
    });

    it("a win above the limits is refused and kept for an operator, who pays or refuses it", async () => {
      const { playerId, userId } = await player(10_000);
      const db = platform.server.ctx.db;
      const before = await balancesOf(db, userId);
      const round = (id: string) =>
        wallet("bet", { playerId, gameCode: "dice", transactionId: id, amount: 1 }).then((r) => {
          expect(r.status).toBe(200);
        });
      // A 0.01 bet "winning" 10 000 000.00 (the cap here: 10 × the bet, at most 100.00).
      await round("big-1");
      const claim = {
        playerId,
        gameCode: "dice",
        transactionId: "big-1:win",
        betTransactionId: "big-1",
        amount: 1_000_000_000,
      };
      expect(await wallet("win", claim)).toEqual({ status: 422, body: { error: "limit" } });
      expect(await wallet("win", claim)).toEqual({ status: 422, body: { error: "limit" } });
      const [bet] = await db.select().from(gameBets).where(eq(gameBets.transactionId, "big-1"));
      expect(bet).toMatchObject({ heldWin: 1_000_000_000, settledAt: null });
      expect((await balancesOf(db, userId)).GAME).toBe(before.GAME - 1);
      expect((await roundMessages(userId)).map((m) => m.outcome)).toEqual([GameRoundOutcome.WIN_HELD]);
      // Within the cap, paid as usual.
      await round("small-1");
      expect(
        (
          await wallet("win", {
            ...claim,
            transactionId: "small-1:win",
            betTransactionId: "small-1",
            amount: 10,
          })
        ).status,
      ).toBe(200);
      // The operator refuses the big one (the bet counts as lost), or pays another.
      expect(await withCause(operator, () => decideWin(db, "sandbox", "big-1", false))).toBe(true);
      expect(await withCause(operator, () => decideWin(db, "sandbox", "big-1", true))).toBe(false);
      await round("big-2");
      expect(
        (
          await wallet("win", {
            ...claim,
            transactionId: "big-2:win",
            betTransactionId: "big-2",
            amount: 5000,
          })
        ).status,
      ).toBe(422);
      expect(await withCause(operator, () => decideWin(db, "sandbox", "big-2", true))).toBe(true);
      expect((await balancesOf(db, userId)).GAME).toBe(before.GAME - 3 + 10 + 5000);
      const paidBy = await journalsOf(db, "sandbox:big-2");
      expect(paidBy.map((j) => [j.kind, j.actor])).toEqual([
        ["GAME_BET", "provider"],
        ["GAME_WIN", "operator"],
      ]);
      expect((await reconcile(db)).drift).toEqual([]);
    });

    it("the sweep voids a bet left without an outcome: its stake back where it came from, the player told", async () => {
      const { api, playerId, userId } = await player(10_000);
      const db = platform.server.ctx.db;
      // The exchange opened a condition: 10 × 100.00 plus nothing held before, and a 10.00 bonus.
      const start = await api.game.userBalance();
      expect(start).toMatchObject({ game: 10_000, gameBonus: 1000, wagerRemaining: 100_000 });
      expect(
        (await wallet("bet", { playerId, gameCode: "dice", transactionId: "lost-1", amount: 10_500 })).status,
      ).toBe(200);
      expect((await api.game.userBalance()).wagerRemaining).toBe(100_000 - 10_500);
      // Nothing comes from the provider; an hour later the sweep gives the stake back.
      await db.execute(
        `update game_bets set placed_at = now() - interval '2 hours' where transaction_id = 'lost-1'`,
      );
      expect(await sweepOpenBets(platform.server.ctx)).toBeGreaterThanOrEqual(0);
      const [bet] = await db.select().from(gameBets).where(eq(gameBets.transactionId, "lost-1"));
      expect(bet?.voidedAt).not.toBeNull();
      expect(await api.game.userBalance()).toMatchObject({
        game: 10_000,
        gameBonus: 1000,
        wagerRemaining: 100_000,
      });
      expect(await roundMessages(userId)).toEqual([
        expect.objectContaining({ outcome: GameRoundOutcome.VOIDED, stake: 10_500 }),
      ]);
      // A win that comes after the void is refused: the round is over.
      const late = await wallet("win", {
        playerId,
        gameCode: "dice",
        transactionId: "lost-1:win",
        betTransactionId: "lost-1",
        amount: 100,
      });
      expect(late).toEqual({ status: 409, body: { error: "voided" } });
      expect((await reconcile(db)).drift).toEqual([]);
    });
  });

  describe("the audit trail (finding 10)", () => {
    it("every journal names who caused it, the request and the address; jobs keep the cause of their asking", async () => {
      const [person] = await peopleWithTokens(platform, 1, 20_000);
      if (!person) throw new Error("no person");
      const { origin } = platform.server;
      const response = await fetch(`${origin}/api${endpoints["trade.userSelfTransfer"].path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${person.token}`,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body: JSON.stringify({ fromType: "GOLD", toType: "WALLET", amount: 100 }),
      });
      const requestId = response.headers.get("x-request-id");
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const [transfer] = await platform.server.ctx.db
        .select()
        .from(journals)
        .where(and(eq(journals.kind, "TRANSFER"), eq(journals.requestId, requestId ?? "")));
      expect(transfer).toMatchObject({
        actor: "person",
        actorId: String(person.userId),
        address: "127.0.0.1",
        job: null,
      });
      // A withdrawal's hold is the person's; its payout, the provider's word on it or the job's.
      const orderNum = await withdrawToNewCard(person, testCard("0008"), { amount: 2000, timing: "NORMAL" });
      const trail = await until(
        () => journalsOf(platform.server.ctx.db, orderNum),
        (j) => j.length === 2,
      );
      expect(trail[0]).toMatchObject({ kind: "WITHDRAW", actor: "person", actorId: String(person.userId) });
      expect(trail[1]?.kind).toBe("WITHDRAW_PAYOUT");
      expect(
        trail[1]?.actor === "provider" ||
          (trail[1]?.actor === "person" && trail[1].job?.startsWith("withdraw.payout#") === true),
      ).toBe(true);
      expect(trail[1]?.requestId).not.toBeNull();
      // No journal of this suite lacks its cause (reconcile's own check, asked here directly).
      const missing = await rowsOf<{ n: number }>(
        platform,
        "select count(*)::int as n from journals where actor is null or actor_id = '' or (actor in ('person', 'provider') and request_id is null)",
      );
      expect(missing[0]?.n).toBe(0);
    });
  });
});
