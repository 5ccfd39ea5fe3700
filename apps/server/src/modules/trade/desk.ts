/**
 * The money desk's reads and decisions for operators (decision 0023; the console of Step 22 acts
 * through these, the `money` and `game` commands of cli.ts until then): every journal of an order
 * or a reference with who caused it, a person's statement with the same, the held payments and
 * held game wins.
 */
import { formatAmount } from "@platform/domain";
import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/database";
import { lockPeople } from "../../db/locks";
import { gameBets, journals, ledgerEntries, walletAccounts } from "../../db/schema";
import { transact } from "../../db/transaction";
import { decideHeldWin } from "../game/wallet";

/** A journal as an operator reads it: what moved, where, and who caused it from where. */
export interface JournalRecord {
  readonly id: number;
  readonly kind: string;
  readonly reference: string;
  readonly createdAt: Date;
  readonly actor: string;
  readonly actorId: string;
  readonly requestId: string | null;
  readonly address: string | null;
  readonly job: string | null;
  readonly entries: readonly {
    readonly account: string;
    readonly userId: number | null;
    readonly amount: number;
    readonly balanceAfter: number;
  }[];
}

/**
 * Every journal of a reference: an order number (its hold, payout, return, bonus; its credit or
 * suspense), `purchases:12`, a game bet `sandbox:<round>:bet` (its debit, win and void), oldest
 * first.
 */
export async function journalsOf(db: Db, reference: string): Promise<JournalRecord[]> {
  const gameRef = /^([^:]+):(.+)$/.exec(reference);
  const references = [reference];
  if (gameRef)
    references.push(
      `${gameRef[1] ?? ""}:settle:${gameRef[2] ?? ""}`,
      `${gameRef[1] ?? ""}:void:${gameRef[2] ?? ""}`,
    );
  const rows = await db
    .select()
    .from(journals)
    .where(inArray(journals.reference, references))
    .orderBy(asc(journals.id));
  if (rows.length === 0) return [];
  const entries = await db
    .select({
      journalId: ledgerEntries.journalId,
      type: walletAccounts.type,
      userId: ledgerEntries.userId,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
    })
    .from(ledgerEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
    .where(
      inArray(
        ledgerEntries.journalId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return rows.map((j) => ({
    id: j.id,
    kind: j.kind,
    reference: j.reference,
    createdAt: j.createdAt,
    actor: j.actor,
    actorId: j.actorId,
    requestId: j.requestId,
    address: j.address,
    job: j.job,
    entries: entries
      .filter((e) => e.journalId === j.id)
      .map((e) => ({
        account: e.userId === null ? e.type : `${String(e.userId)}:${e.type}`,
        userId: e.userId,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
      })),
  }));
}

/** Hundredths as yuan with two decimals and a sign. */
function yuan(hundredths: number): string {
  return `${hundredths < 0 ? "-" : "+"}${formatAmount(Math.abs(hundredths))}`;
}

/** Journals as the `money journals` command prints them. */
export function describeJournals(records: readonly JournalRecord[]): string {
  if (records.length === 0) return "no journal has this reference";
  return records
    .map((j) => {
      const by = [
        `${j.actor} ${j.actorId}`,
        j.requestId === null ? null : `request ${j.requestId}`,
        j.address === null ? null : `from ${j.address}`,
        j.job === null ? null : `via ${j.job}`,
      ]
        .filter((part) => part !== null)
        .join(", ");
      const lines = j.entries.map(
        (e) =>
          `    ${e.account.padEnd(28)} ${yuan(e.amount).padStart(14)}  → ${formatAmount(e.balanceAfter)}`,
      );
      return [
        `#${String(j.id)} ${j.createdAt.toISOString()} ${j.kind} ${j.reference} — by ${by}`,
        ...lines,
      ].join("\n");
    })
    .join("\n");
}

/**
 * A person's statement as an operator reads it: their newest `limit` ledger entries (every balance,
 * the game's too), each with its journal and who caused it from where.
 */
export async function statementFor(db: Db, userId: number, limit = 50): Promise<string> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      type: walletAccounts.type,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      kind: journals.kind,
      reference: journals.reference,
      actor: journals.actor,
      actorId: journals.actorId,
      requestId: journals.requestId,
      address: journals.address,
      job: journals.job,
      createdAt: journals.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
    .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  if (rows.length === 0) return `person ${String(userId)} has no ledger entries`;
  return rows
    .map((r) =>
      [
        r.createdAt.toISOString(),
        r.type.padEnd(10),
        yuan(r.amount).padStart(12),
        `→ ${formatAmount(r.balanceAfter)}`.padEnd(14),
        `${r.kind} ${r.reference}`,
        `— by ${r.actor} ${r.actorId}${r.requestId === null ? "" : `, request ${r.requestId}`}${r.address === null ? "" : `, from ${r.address}`}${r.job === null ? "" : `, via ${r.job}`}`,
      ].join("  "),
    )
    .join("\n");
}

/** A game win held for review, as an operator sees it. */
export interface HeldWin {
  readonly provider: string;
  readonly transactionId: string;
  readonly userId: number;
  readonly gameCode: string;
  readonly bet: number;
  readonly claimed: number;
  readonly placedAt: Date;
}

export async function heldWins(db: Db): Promise<HeldWin[]> {
  const rows = await db
    .select()
    .from(gameBets)
    .where(and(isNotNull(gameBets.heldWin), isNull(gameBets.settledAt)))
    .orderBy(asc(gameBets.placedAt));
  return rows.map((b) => ({
    provider: b.provider,
    transactionId: b.transactionId,
    userId: b.userId,
    gameCode: b.gameCode,
    bet: b.amount,
    claimed: b.heldWin ?? 0,
    placedAt: b.placedAt,
  }));
}

/** Pay a held win as claimed, or settle its bet as lost; false when no such win waits. */
export async function decideWin(
  db: Db,
  provider: string,
  transactionId: string,
  pay: boolean,
): Promise<boolean> {
  const [bet] = await db
    .select({ userId: gameBets.userId })
    .from(gameBets)
    .where(and(eq(gameBets.provider, provider), eq(gameBets.transactionId, transactionId)));
  if (!bet) return false;
  return transact(db, async (tx) => {
    await lockPeople(tx, bet.userId);
    return (await decideHeldWin(tx, provider, transactionId, pay)) !== null;
  });
}
