import { expect, it } from "vitest";
import { reconcile } from "../modules/trade/reconcile";
import { databaseBefore } from "../../test/migrations";

/**
 * Migration 0016 gave bets rows of their own (`game_bets`). A database written before it (anyone's
 * who played the sandbox dice) holds bets only as GAME_BET journals, and lost rounds as GAME_WIN
 * journals without entries — which the books do not allow. After it, every bet has its settled
 * row with what it won, the empty journals are gone, and the books reconcile.
 */
it("0016 gives the bets of an older database their rows and drops the empty loss journals", async () => {
  const { client, db, migrateAll, close } = await databaseBefore("0016_");
  // (Migration 0017 later marks these journals as written before causes were recorded.)
  await client.exec(
    "INSERT INTO users (id, mobile, nick_name, member_id) VALUES (1, '13800000001', 'a', 'M1'), (2, '13800000002', 'b', 'M2')",
  );
  // The rows as that schema wrote them (by hand: today's ledger writes columns it did not have).
  await client.exec(`DELETE FROM wallet_accounts WHERE user_id IS NULL AND type IN ('EQUITY', 'GAME_HOUSE');
    INSERT INTO wallet_accounts (id, user_id, type, balance, shard) VALUES
    (1001, 1, 'GAME', 0, 0), (1002, 1, 'GAME_BONUS', 0, 0), (1003, 2, 'GAME', 0, 0),
    (1004, NULL, 'EQUITY', 0, 0), (1005, NULL, 'GAME_HOUSE', 0, 0)`);
  const owner: Record<number, number | null> = { 1001: 1, 1002: 1, 1003: 2, 1004: null, 1005: null };
  const journal = async (kind: string, reference: string, legs: [account: number, amount: number][]) => {
    const made = await client.query<{ id: number }>(
      "INSERT INTO journals (kind, reference) VALUES ($1, $2) RETURNING id",
      [kind, reference],
    );
    for (const [account, amount] of legs) {
      const moved = await client.query<{ balance: number }>(
        "UPDATE wallet_accounts SET balance = balance + $1 WHERE id = $2 RETURNING balance::int",
        [amount, account],
      );
      await client.query(
        "INSERT INTO ledger_entries (journal_id, account_id, user_id, amount, balance_after, reason, reference) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [made.rows[0]?.id, account, owner[account], amount, moved.rows[0]?.balance, kind, reference],
      );
    }
  };
  await journal("GRANT", "g1", [
    [1001, 1000],
    [1002, 100],
    [1003, 500],
    [1004, -1600],
  ]);
  // Person 1: a round won (3.00 bet, 6.00 paid), a lost one of game balance and bonus together.
  await journal("GAME_BET", "sandbox:r1:bet", [
    [1001, -300],
    [1005, 300],
  ]);
  await journal("GAME_WIN", "sandbox:settle:r1:bet", [
    [1005, -600],
    [1001, 600],
  ]);
  await journal("GAME_BET", "sandbox:r2:bet", [
    [1001, -1300],
    [1002, -50],
    [1005, 1350],
  ]);
  // Person 2: a lost round, marked as it was then.
  await journal("GAME_BET", "sandbox:r3:bet", [
    [1003, -200],
    [1005, 200],
  ]);
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
