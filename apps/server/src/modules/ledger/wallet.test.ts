import { lockPeople } from "../../db/locks";
import { ServerMessageKey, WatchLevel } from "@platform/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, signIn, startSeeded } from "../../../test/harness";
import { personWithGold } from "../../../test/money";
import type { TestPlatform } from "../../../test/harness";
import type { Db } from "../../db/database";
import { ledgerEntries, purchases, users, videos, walletAccounts } from "../../db/schema";
import { demoAccounts } from "../../seed";
import {
  BalanceType,
  PlatformAccount,
  balancesOf,
  platform as platformAccount,
  post,
  userAccount,
} from "./wallet";

const [vip, ordinary] = demoAccounts;

/** `n` new CHARGE videos at `price` each (copies of a seeded one). */
async function chargeVideos(platform: TestPlatform, n: number, price: number): Promise<number[]> {
  const db = platform.server.ctx.db;
  const [model] = await db.select().from(videos).where(eq(videos.watchLevel, WatchLevel.CHARGE)).limit(1);
  if (!model) throw new Error("no seeded CHARGE video");
  const { id: _id, ...rest } = model;
  const rows = await db
    .insert(videos)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ...rest,
        title: `priced ${String(i)}`,
        amount: price,
        discount: null,
      })),
    )
    .returning({ id: videos.id });
  return rows.map((r) => r.id);
}

async function ledgerSum(platform: TestPlatform, userId: number, type: BalanceType): Promise<number> {
  const [row] = await platform.server.ctx.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
    .where(and(eq(walletAccounts.userId, userId), eq(walletAccounts.type, type)));
  return Number(row?.sum ?? 0);
}

eachDatabase("wallet core and buying", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  it(`200 concurrent buys of 200 videos with gold for exactly 10 make exactly 10 purchases (${target.name === "postgres" ? "counts: real concurrency" : "PGlite runs them one at a time: the PostgreSQL run is the one that counts"})`, async () => {
    const ids = await chargeVideos(platform, 200, 100);
    const buyer = await personWithGold(platform, 1_000);
    const results = await Promise.allSettled(
      ids.map((id) => buyer.api.substance.buyVideo({ payType: "GOLD", substanceId: String(id) })),
    );
    const bought = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(bought.length).toBe(10);
    // The rest are refused for funds — or, on a loaded machine, told the server is busy (503: a
    // request that waited past PG_CONNECT_TIMEOUT_MS for one of the pool's connections, all held
    // by this person's other buys queued on their money lock). Neither wrote anything.
    const codes = new Set(refused.map((r) => (r.reason as { code: unknown }).code));
    expect(codes.has(402)).toBe(true);
    expect([...codes].filter((code) => code !== 402 && code !== 503)).toEqual([]);
    const balances = await balancesOf(platform.server.ctx.db, buyer.userId);
    expect(balances.GOLD).toBe(0);
    expect(await ledgerSum(platform, buyer.userId, BalanceType.GOLD)).toBe(0);
    const rows = await platform.server.ctx.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.userId));
    expect(rows.length).toBe(10);
    // Each purchase has its ledger debit, naming it.
    const debits = await platform.server.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, buyer.userId), eq(ledgerEntries.reason, "BUY_VIDEO")));
    expect(debits.map((d) => d.reference).sort()).toEqual(
      rows.map((p) => `purchases:${String(p.id)}`).sort(),
    );
    expect(Math.min(...debits.map((d) => d.balanceAfter))).toBe(0);
  });

  it("the same idempotency key twice charges once and answers the same", async () => {
    const [id] = await chargeVideos(platform, 1, 300);
    const buyer = await personWithGold(platform, 1_000);
    const request = { payType: "GOLD" as const, substanceId: String(id) };
    const [first, second] = await Promise.all([
      buyer.api.substance.buyVideo(request, { idempotencyKey: "retry-of-one-intent-1" }),
      buyer.api.substance.buyVideo(request, { idempotencyKey: "retry-of-one-intent-1" }),
    ]);
    expect(second).toEqual(first);
    expect(first).toEqual({ isBuy: true, paidAmount: 300, balance: 700 });
    expect((await balancesOf(platform.server.ctx.db, buyer.userId)).GOLD).toBe(700);
    expect(await ledgerSum(platform, buyer.userId, BalanceType.GOLD)).toBe(700);
    // The same key for another request is refused; a new key for the same video: already bought.
    const [other] = await chargeVideos(platform, 1, 300);
    const reused = await failure(
      buyer.api.substance.buyVideo(
        { payType: "GOLD", substanceId: String(other) },
        { idempotencyKey: "retry-of-one-intent-1" },
      ),
    );
    expect(reused.code).toBe(409);
    const twice = await failure(buyer.api.substance.buyVideo(request));
    expect(twice.code).toBe(409);
    expect(twice.msgKey).toBe(ServerMessageKey.alreadyBought);
    expect((await balancesOf(platform.server.ctx.db, buyer.userId)).GOLD).toBe(700);
  });

  it("a money call without an Idempotency-Key is refused", async () => {
    const buyer = await personWithGold(platform, 0);
    const response = await fetch(
      `${platform.server.origin}/api/substance/app/substance-online/buy/video/account`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${buyer.api.client.storage.get("accessToken") ?? ""}`,
        },
        body: JSON.stringify({ payType: "GOLD", substanceId: "1" }),
      },
    );
    expect(((await response.json()) as { code: number }).code).toBe(400);
  });

  it("members pay the member price; the price rule is the domain's", async () => {
    const [id] = await chargeVideos(platform, 1, 999);
    await platform.server.ctx.db
      .update(videos)
      .set({ discount: 8.5 })
      .where(eq(videos.id, id ?? 0));
    const member = await signIn(platform, vip);
    const detail = await member.api.substance.getInfoById({ id: String(id) });
    expect(detail.benefitAmount).toBe(849);
    const before = (await member.api.game.userBalance()).gold;
    const paid = await member.api.substance.buyVideo({ payType: "GOLD", substanceId: String(id) });
    expect(paid.paidAmount).toBe(849);
    expect(paid.balance).toBe(before - 849);
    const plain = await signIn(platform, ordinary);
    expect((await plain.api.substance.getInfoById({ id: String(id) })).benefitAmount).toBe(999);
  });

  it("refuses buying a video that is not for sale, and when gold is short (balance unchanged)", async () => {
    const plain = await signIn(platform, ordinary);
    const [free] = await platform.server.ctx.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.watchLevel, WatchLevel.FREE))
      .limit(1);
    expect(
      (await failure(plain.api.substance.buyVideo({ payType: "GOLD", substanceId: String(free?.id) }))).code,
    ).toBe(400);
    const [dear] = await chargeVideos(platform, 1, 100_000);
    const before = (await plain.api.game.userBalance()).gold;
    const short = await failure(plain.api.substance.buyVideo({ payType: "GOLD", substanceId: String(dear) }));
    expect(short.code).toBe(402);
    expect(short.msgKey).toBe(ServerMessageKey.balanceTooLow);
    expect((await plain.api.game.userBalance()).gold).toBe(before);
    expect(await plain.api.substance.getInfoById({ id: String(dear) })).toMatchObject({
      privileges: { buyInfo: { isBuy: false } },
    });
  });

  it("a balance can never go below zero, even written directly", async () => {
    const buyer = await personWithGold(platform, 50);
    const db = platform.server.ctx.db;
    const overdraw = {
      kind: "GRANT",
      reference: "overdraw",
      cause: { actor: "operator", actorId: "test", requestId: null, address: null },
      legs: [
        { account: userAccount(buyer.userId, BalanceType.GOLD), amount: -51 },
        { account: platformAccount(PlatformAccount.EQUITY), amount: 51 },
      ],
    } as const;
    // Without the person's money lock, nothing moves at all (the lock order, db/locks.ts).
    await expect(db.transaction((tx) => post(tx as unknown as Db, overdraw))).rejects.toThrow(
      /without their lock/,
    );
    await expect(
      db.transaction(async (tx) => {
        await lockPeople(tx, buyer.userId);
        return post(tx, overdraw);
      }),
    ).rejects.toMatchObject({ code: 402 });
    await expect(
      db.update(walletAccounts).set({ balance: -1 }).where(eq(walletAccounts.userId, buyer.userId)),
    ).rejects.toThrow();
    expect((await balancesOf(db, buyer.userId)).GOLD).toBe(50);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, buyer.userId));
    expect(user).toBeDefined();
  });

  it("pays a payee without their lock, and never takes from one", async () => {
    const author = await personWithGold(platform, 10);
    const db = platform.server.ctx.db;
    const cause = { actor: "operator", actorId: "test", requestId: null, address: null } as const;
    const pay = (amount: number, reference: string) => ({
      kind: "GRANT" as const,
      reference,
      cause,
      payees: [author.userId],
      legs: [
        { account: userAccount(author.userId, BalanceType.GOLD), amount },
        { account: platformAccount(PlatformAccount.EQUITY), amount: -amount },
      ],
    });
    // A credit to a payee moves with no lock of theirs held (a sale paying its author)…
    await db.transaction((tx) => post(tx as unknown as Db, pay(7, "payee-credit")));
    expect((await balancesOf(db, author.userId)).GOLD).toBe(17);
    // …but a payee's leg that takes money is refused: that needs their lock (db/locks.ts).
    await expect(db.transaction((tx) => post(tx as unknown as Db, pay(-5, "payee-debit")))).rejects.toThrow(
      /payee's leg must be a credit/,
    );
    expect((await balancesOf(db, author.userId)).GOLD).toBe(17);
  });
});
