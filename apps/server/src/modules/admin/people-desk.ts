/**
 * The console's people (Step 22): search by phone, member ID or nickname; a person's profile,
 * balances, statement, orders, devices and sessions; ban and unban (a banned person is signed out
 * everywhere and told why when signing in), sign out everywhere, a new identity card, and the
 * sign-in locks lifted. Every act is recorded in the audit log in its own transaction.
 */
import { and, count, desc, eq, gt, ilike, isNull, like, or, sql } from "drizzle-orm";
import type { AdminParsed, AdminResponse } from "@platform/api-client/admin";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import {
  authFailures,
  identityCards,
  journals,
  ledgerEntries,
  loginLogs,
  sessions,
  smsCodes,
  users,
  walletAccounts,
} from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { LOCKOUT_WINDOW_MS } from "../auth/lockout";
import { endOtherAccess, forgetSessions } from "../auth/sessions";
import { balancesOf } from "../ledger/wallet";
import { identityCardOf } from "../user/identity-card";
import { writeAudit } from "./audit";
import type { AuditActor } from "./audit";
import type { AdminInput } from "./route";
import { likeEscaped, numbered, orderOf } from "./records";
import type { Paged } from "./records";

type UserRow = typeof users.$inferSelect;

function rowOf(user: UserRow) {
  return {
    id: String(user.id),
    nickName: user.nickName,
    memberId: user.memberId,
    mobile: user.mobile,
    createdAt: user.createdAt.toISOString(),
    bannedAt: user.bannedAt?.toISOString() ?? null,
    deletedAt: user.deletedAt?.toISOString() ?? null,
  };
}

/** People by phone (whole or its end), member ID, id, or a part of the nickname; newest first. */
export async function searchPeople(
  ctx: AppContext,
  body: AdminParsed<"people.search">,
): Promise<AdminResponse<"people.search">> {
  const text = body.search.trim();
  const escaped = likeEscaped(text);
  const where =
    text === ""
      ? undefined
      : or(
          /^\d{4,11}$/.test(text) ? like(users.mobile, `%${escaped}`) : undefined,
          eq(users.memberId, text),
          /^\d{1,15}$/.test(text) ? eq(users.id, Number(text)) : undefined,
          ilike(users.nickName, `%${escaped}%`),
        );
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(
          ...orderOf(
            body.sort,
            { id: users.id, nickName: users.nickName, createdAt: users.createdAt },
            users.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(users).where(where),
  );
  return { items: rows.map(rowOf), total, page: body.page, size: body.size };
}

async function userOf(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return user;
}

/** Whether the person's password sign-in is locked now (the lockout's failures of their phone). */
async function lockedOut(ctx: AppContext, mobile: string): Promise<boolean> {
  const since = new Date(ctx.now().getTime() - LOCKOUT_WINDOW_MS);
  const [failures] = await ctx.db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, `phone:${mobile}`), gt(authFailures.createdAt, since)));
  return (failures?.n ?? 0) >= 5;
}

export async function profile(ctx: AppContext, userId: number): Promise<AdminResponse<"people.profile">> {
  const user = await userOf(ctx.db, userId);
  const now = ctx.now();
  const [balances, open, devices, [card], locked] = await Promise.all([
    balancesOf(ctx.db, userId),
    ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, now)))
      .orderBy(desc(sessions.id))
      .limit(50),
    ctx.db.select().from(loginLogs).where(eq(loginLogs.userId, userId)).orderBy(desc(loginLogs.id)).limit(20),
    ctx.db
      .select()
      .from(identityCards)
      .where(and(eq(identityCards.userId, userId), isNull(identityCards.revokedAt)))
      .orderBy(desc(identityCards.id))
      .limit(1),
    lockedOut(ctx, user.mobile),
  ]);
  return {
    ...rowOf(user),
    banReason: user.banReason,
    vipPermanent: user.vipPermanent,
    vipExpiresAt: user.vipExpiresAt?.toISOString() ?? null,
    isAuthor: user.isAuthor,
    balances,
    sessions: open.map((s) => ({
      id: String(s.id),
      clientId: s.clientId,
      createdAt: s.createdAt.toISOString(),
      refreshExpiresAt: s.refreshExpiresAt.toISOString(),
    })),
    devices: devices.map((d) => ({
      platform: d.platform,
      userAgent: d.userAgent,
      address: d.address,
      at: d.createdAt.toISOString(),
    })),
    lockedOut: locked,
    identityCard: card ? { cardId: card.cardId, createdAt: card.createdAt.toISOString() } : null,
  };
}

/** The person's ledger entries, newest first, each with its journal and cause. */
export async function statementPage(
  ctx: AppContext,
  userId: number,
  body: Paged,
): Promise<AdminResponse<"people.statement">> {
  const where = eq(ledgerEntries.userId, userId);
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select({ entry: ledgerEntries, journal: journals, type: walletAccounts.type })
        .from(ledgerEntries)
        .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .where(where)
        .orderBy(desc(ledgerEntries.id))
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(ledgerEntries).where(where),
  );
  return {
    items: rows.map(({ entry, journal, type }) => ({
      journalId: String(journal.id),
      kind: journal.kind,
      reference: journal.reference,
      balanceType: type,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      actor: `${journal.actor}:${journal.actorId}`,
      at: entry.createdAt.toISOString(),
    })),
    total,
    page: body.page,
    size: body.size,
  };
}

/** One act on a person, with its audit entry, in one transaction. */
async function act(
  ctx: AppContext,
  who: AuditActor,
  userId: number,
  action: string,
  reason: string,
  work: (tx: Db, user: UserRow) => Promise<unknown>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await userOf(tx, userId);
    const after = await work(tx, user);
    await writeAudit(
      tx,
      who,
      {
        action,
        targetType: "person",
        targetId: userId,
        before: { bannedAt: user.bannedAt, banReason: user.banReason },
        after,
        reason,
      },
      ctx.now(),
    );
  });
  forgetSessions(ctx, userId);
}

/** Ban: every session ends now (the app is signed out at its next call) and sign-in is refused with the reason. */
export async function ban(ctx: AppContext, { body, who }: AdminInput<"people.ban">) {
  await act(ctx, who, Number(body.userId), "people.ban", body.reason, async (tx, user) => {
    await tx.update(users).set({ bannedAt: ctx.now(), banReason: body.reason }).where(eq(users.id, user.id));
    await endOtherAccess(ctx, tx, user.id, null);
    return { bannedAt: ctx.now(), banReason: body.reason };
  });
  return null;
}

export async function unban(ctx: AppContext, { body, who }: AdminInput<"people.unban">) {
  await act(ctx, who, Number(body.userId), "people.unban", body.reason, async (tx, user) => {
    await tx.update(users).set({ bannedAt: null, banReason: null }).where(eq(users.id, user.id));
    return { bannedAt: null };
  });
  return null;
}

/** Sign out everywhere: every session and the identity card (as the person's own 'sign out of all'). */
export async function signOutEverywhere(ctx: AppContext, { body, who }: AdminInput<"people.signOut">) {
  let ended = 0;
  await act(ctx, who, Number(body.userId), "people.signOut", body.reason, async (tx, user) => {
    const [open] = await tx
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    ended = open?.n ?? 0;
    await endOtherAccess(ctx, tx, user.id, null);
    return { sessionsEnded: ended };
  });
  return { sessions: ended };
}

/** A new identity card: the old QR signs in no more. */
export async function regenerateCard(ctx: AppContext, { body, who }: AdminInput<"people.regenerateCard">) {
  const userId = Number(body.userId);
  await userOf(ctx.db, userId);
  const card = await identityCardOf(ctx, userId, true, (d) => d.toISOString());
  await ctx.db.transaction((tx) =>
    writeAudit(
      tx,
      who,
      {
        action: "people.regenerateCard",
        targetType: "person",
        targetId: userId,
        after: { cardId: card.cardId },
        reason: body.reason,
      },
      ctx.now(),
    ),
  );
  return null;
}

/** Lift the sign-in locks: password failures of the phone, and its SMS codes' wrong tries. */
export async function unlock(ctx: AppContext, { body, who }: AdminInput<"people.unlock">) {
  await act(ctx, who, Number(body.userId), "people.unlock", body.reason, async (tx, user) => {
    const failures = await tx
      .delete(authFailures)
      .where(
        or(eq(authFailures.key, `phone:${user.mobile}`), like(authFailures.key, `pair:%:${user.mobile}`)),
      )
      .returning({ id: authFailures.id });
    await tx
      .delete(smsCodes)
      .where(and(eq(smsCodes.mobile, user.mobile), sql`${smsCodes.consumedAt} IS NULL`));
    return { failuresCleared: failures.length };
  });
  return null;
}
