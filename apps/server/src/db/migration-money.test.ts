import { expect, it } from "vitest";
import { reconcile } from "../modules/trade/reconcile";
import { databaseBefore } from "../../test/migrations";

/**
 * Migration 0006 made the ledger double entry. A database written before it (the embedded one of
 * anyone who ran `start.sh`) holds single-entry rows: the seed's credits from nothing and buys'
 * debits. After the migration every one of them has its journal and counter-entry, and the books
 * reconcile.
 */
it("0006 gives the single-entry rows of an older database their journals and counter-entries", async () => {
  // The migrations as they were before 0006.
  const { client, db, migrateAll, close } = await databaseBefore("0006_");
  // What Step 4's wallet wrote: a seed credit of 200.00 and 50.00, and a buy of 12.00.
  await client.exec(`
    INSERT INTO users (id, mobile, nick_name, member_id) VALUES (1, '13800000001', 'a', 'M1'), (2, '13800000002', 'b', 'M2');
    INSERT INTO videos (id, author_id, title, watch_level, length_ms, width, height, status) VALUES (1, 2, 'v', 'CHARGE', 1000, 16, 9, 99);
    INSERT INTO wallet_accounts (user_id, type, balance) VALUES (1, 'GOLD', 18800), (1, 'WALLET', 5000);
    INSERT INTO purchases (user_id, video_id, pay_type, amount) VALUES (1, 1, 'GOLD', 1200);
    INSERT INTO ledger_entries (account_id, user_id, amount, balance_after, reason, reference)
      SELECT a.id, 1, v.amount, v.after, v.reason, v.reference
      FROM (VALUES ('GOLD', 20000, 20000, 'SEED', NULL, 1), ('WALLET', 5000, 5000, 'SEED', NULL, 2),
                   ('GOLD', -1200, 18800, 'BUY_VIDEO', 'purchases:' || (SELECT id FROM purchases), 3))
        AS v(type, amount, after, reason, reference, n)
      JOIN wallet_accounts a ON a.user_id = 1 AND a.type = v.type ORDER BY v.n;
  `);

  await migrateAll();
  const report = await reconcile(db);
  expect(report.drift).toEqual([]);
  expect(report).toMatchObject({ journals: 3, entries: 6 });
  const platform = await client.query<{ type: string; balance: string }>(
    "SELECT type, balance::text FROM wallet_accounts WHERE user_id IS NULL ORDER BY type",
  );
  expect(platform.rows).toEqual([
    { type: "EQUITY", balance: "-25000" },
    { type: "REVENUE", balance: "1200" },
  ]);
  await close();
});
