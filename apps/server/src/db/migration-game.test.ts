import { expect, it } from "vitest";
import { reconcile } from "../modules/trade/reconcile";
import { BalanceType, PlatformAccount, grant, platform, post, userAccount } from "../modules/trade/wallet";
import { databaseBefore } from "../../test/migrations";
import type { Db } from "./database";

/**
 * Migration 0016 gave bets rows of their own (`game_bets`). A database written before it (anyone's
 * who played the sandbox dice) holds bets only as GAME_BET journals, and lost rounds as GAME_WIN
 * journals without entries — which the books do not allow. After it, every bet has its settled
 * row with what it won, the empty journals are gone, and the books reconcile.
 */
it("0016 gives the bets of an older database their rows and drops the empty loss journals", async () => {
  const { client, db, migrateAll, close } = await databaseBefore("0016_");
  await client.exec(
    "INSERT INTO users (id, mobile, nick_name, member_id) VALUES (1, '13800000001', 'a', 'M1'), (2, '13800000002', 'b', 'M2')",
  );
  const house = platform(PlatformAccount.GAME_HOUSE);
  const bet = (tx: Db, userId: number, round: string, fromGame: number, fromBonus: number) =>
    post(tx, {
      kind: "GAME_BET",
      reference: `sandbox:${round}:bet`,
      legs: [
        { account: userAccount(userId, BalanceType.GAME), amount: -fromGame },
        ...(fromBonus > 0
          ? [{ account: userAccount(userId, BalanceType.GAME_BONUS), amount: -fromBonus }]
          : []),
        { account: house, amount: fromGame + fromBonus },
      ],
    });
  await db.transaction(async (tx) => {
    await grant(tx, { userId: 1, type: BalanceType.GAME, amount: 1000 });
    await grant(tx, { userId: 1, type: BalanceType.GAME_BONUS, amount: 100 });
    await grant(tx, { userId: 2, type: BalanceType.GAME, amount: 500 });
    // Person 1: a round won (3.00 bet, 6.00 paid), a lost one of game balance and bonus together.
    await bet(tx, 1, "r1", 300, 0);
    await post(tx, {
      kind: "GAME_WIN",
      reference: "sandbox:settle:r1:bet",
      legs: [
        { account: house, amount: -600 },
        { account: userAccount(1, BalanceType.GAME), amount: 600 },
      ],
    });
    await bet(tx, 1, "r2", 1300, 50);
    // Person 2: a lost round, marked as it was then.
    await bet(tx, 2, "r3", 200, 0);
  });
  await client.exec(
    "INSERT INTO journals (kind, reference) VALUES ('GAME_WIN', 'sandbox:settle:r2:bet'), ('GAME_WIN', 'sandbox:settle:r3:bet')",
  );
  const empty =
    "SELECT count(*)::int AS n FROM journals j WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.journal_id = j.id)";
  expect((await client.query<{ n: number }>(empty)).rows[0]?.n).toBe(2);

  await migrateAll();
  const bets = await client.query<Record<string, unknown>>(
    `SELECT provider, transaction_id, user_id::int, amount::int, won::int, settled_at IS NOT NULL AS settled
       FROM game_bets ORDER BY transaction_id`,
  );
  expect(bets.rows).toEqual([
    { provider: "sandbox", transaction_id: "r1:bet", user_id: 1, amount: 300, won: 600, settled: true },
    { provider: "sandbox", transaction_id: "r2:bet", user_id: 1, amount: 1350, won: 0, settled: true },
    { provider: "sandbox", transaction_id: "r3:bet", user_id: 2, amount: 200, won: 0, settled: true },
  ]);
  expect((await client.query<{ n: number }>(empty)).rows[0]?.n).toBe(0);
  expect((await reconcile(db)).drift).toEqual([]);
  await close();
});
