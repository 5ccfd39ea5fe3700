import { randomUUID } from "node:crypto";
import type { Credentials } from "@platform/api-client";
import { and, eq, isNull, ne } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import { TtlCache, cachesPerContext, clockOf } from "../../cache";
import type { AppContext } from "../../context";
import type { Caller } from "../../http/caller";
import type { Db } from "../../db/database";
import { identityCards, sessions, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { randomToken, sha256 } from "../../security/hashing";
import { isVipNow } from "../user/membership";

/** A session as authenticate found it (by the access token's hash). */
interface CachedSession extends Omit<Caller, "expiresAt"> {
  readonly accessExpiresAt: number;
}

/** Found sessions by the access token's hash, kept SESSION_CACHE_MS in this process. */
const authCaches = cachesPerContext((ctx) => {
  const sessions = new TtlCache<string, CachedSession>(ctx.config.sessionCacheMs, 50_000, clockOf(ctx));
  ctx.caches.drops.on("sessions", (userId) => {
    sessions.deleteWhere((s) => s.userId === userId);
  });
  ctx.caches.drops.on("allSessions", () => {
    sessions.clear();
  });
  return { sessions };
});

/**
 * The bearer token's session, or null (then a signed-in route answers HTTP 401). Found sessions
 * are kept briefly in this process (SESSION_CACHE_MS); revocations made here drop them at once.
 */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<Caller | null> {
  if (!header?.startsWith("Bearer ")) return null;
  const token = header.slice(7).trim();
  if (token === "") return null;
  const hash = sha256(token);
  let session = authCaches(ctx).sessions.get(hash);
  if (!session) {
    const [row] = await ctx.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        accessExpiresAt: sessions.accessExpiresAt,
        deletedAt: users.deletedAt,
        bannedAt: users.bannedAt,
        vipPermanent: users.vipPermanent,
        vipExpiresAt: users.vipExpiresAt,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.accessHash, hash), isNull(sessions.revokedAt)));
    if (!row || row.deletedAt || row.bannedAt) return null;
    session = authCaches(ctx).sessions.set(hash, {
      userId: row.userId,
      sessionId: row.id,
      accessExpiresAt: row.accessExpiresAt.getTime(),
      membership:
        row.userId === null
          ? null
          : { vipPermanent: row.vipPermanent ?? false, vipExpiresAt: row.vipExpiresAt },
    });
  }
  if (session.accessExpiresAt <= ctx.now().getTime()) return null;
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    expiresAt: new Date(session.accessExpiresAt),
    membership: session.membership,
  };
}

/** Forget every process's cached sessions of a user (after revoking them, or a membership change). */
export function forgetSessions(ctx: AppContext, userId: number): void {
  ctx.caches.drops.drop("sessions", userId);
}

/** The stored user info (spec §3) as token endpoints return it. */
export async function userInfoOf(
  db: Db,
  userId: number,
  now: Date,
): Promise<NonNullable<Credentials["user_info"]>> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return {
    id: String(user.id),
    mobile: user.mobile,
    nickName: user.nickName,
    avatarFileUrl: user.avatarUrl,
    channelTagId: user.channelTagId,
    memberId: user.memberId,
    isVip: isVipNow(user, now),
  };
}

/** Make a new token pair (in a family: refreshes keep the family, so reuse revokes all of it). */
/** A banned person signs in nowhere, and is told why (Step 22). */
async function refuseBanned(db: Db, userId: number): Promise<void> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt, banReason: users.banReason })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.bannedAt)
    throw new BusinessError(BusinessCode.forbidden, ServerMessage.accountBanned, {
      reason: row.banReason ?? "",
    });
}

export async function issueSession(
  ctx: AppContext,
  db: Db,
  userId: number | null,
  family: string = randomUUID(),
): Promise<Credentials> {
  if (userId !== null) await refuseBanned(db, userId);
  const access = randomToken();
  const refresh = randomToken();
  const now = ctx.now().getTime();
  await db.insert(sessions).values({
    userId,
    clientId: ctx.config.clientId,
    family,
    accessHash: sha256(access),
    refreshHash: sha256(refresh),
    accessExpiresAt: new Date(now + ctx.config.accessTokenSeconds * 1000),
    refreshExpiresAt: new Date(now + ctx.config.refreshTokenSeconds * 1000),
  });
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: "bearer",
    expires_in: ctx.config.accessTokenSeconds,
    scope: "server",
    user_info: userId === null ? null : await userInfoOf(db, userId, ctx.now()),
  };
}

const sessionOver = () =>
  new BusinessError(BusinessCode.sessionExpired, ServerMessage.refreshInvalid, {}, "invalid_grant");

/**
 * Rotate a refresh token: the old pair stops working and a new one is made in the same family.
 * An unknown, expired or revoked token is `invalid_grant`; a token used a second time is theft or
 * a bug, so the whole family is revoked.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<Credentials> {
  const now = ctx.now();
  type Outcome =
    | { kind: "invalid" }
    | { kind: "reuse"; family: string; userId: number | null }
    | { kind: "ok"; credentials: Credentials };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.refreshHash, sha256(refreshToken)));
    if (!row || row.refreshExpiresAt.getTime() <= now.getTime()) return { kind: "invalid" };
    if (row.rotatedAt || row.revokedAt) return { kind: "reuse", family: row.family, userId: row.userId };
    const rotated = await tx
      .update(sessions)
      .set({ rotatedAt: now, revokedAt: now })
      .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt)))
      .returning({ id: sessions.id });
    if (rotated.length === 0) return { kind: "reuse", family: row.family, userId: row.userId };
    authCaches(ctx).sessions.delete(row.accessHash);
    if (row.userId !== null) {
      const [user] = await tx
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user || user.deletedAt) return { kind: "invalid" };
    }
    return { kind: "ok", credentials: await issueSession(ctx, tx, row.userId, row.family) };
  });
  if (outcome.kind === "reuse") {
    // A rotated token used again, or a token of a family signed out on the server: theft or a
    // stale copy. The whole family ends (again, harmlessly, when it had ended already).
    ctx.log.warn({ family: outcome.family, userId: outcome.userId }, "refresh token reuse: family revoked");
    await ctx.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.family, outcome.family));
    ctx.caches.drops.drop("allSessions");
  }
  if (outcome.kind !== "ok") throw sessionOver();
  return outcome.credentials;
}

/**
 * Sign out on the server (sign-out, 'remove' in switch account): the refresh token's whole family
 * ends — its access token within SESSION_CACHE_MS everywhere (at once in this process), and any
 * later refresh of it is refused and logged as reuse. An unknown token changes nothing (and says
 * nothing: the answer is the same).
 */
export async function revokeFamilyOf(ctx: AppContext, refreshToken: string): Promise<void> {
  const [row] = await ctx.db
    .select({ family: sessions.family, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.refreshHash, sha256(refreshToken)));
  if (!row) return;
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.family, row.family), isNull(sessions.revokedAt)));
  if (row.userId === null) ctx.caches.drops.drop("allSessions");
  else forgetSessions(ctx, row.userId);
}

/**
 * After a change of what proves the person (password changed or reset, phone changed, 'sign out of
 * all other devices', account deleted): every session of theirs ends but `keepSessionId`'s family
 * (none: all of them), and their identity card is revoked — a QR anyone may have read signs in no
 * more; the card page makes a new one. Chat streams of the ended sessions close when they next check
 * their token (live/chat).
 */
export async function endOtherAccess(
  ctx: AppContext,
  db: Db,
  userId: number,
  keepSessionId: number | null,
): Promise<void> {
  const now = ctx.now();
  const [kept] =
    keepSessionId === null
      ? []
      : await db.select({ family: sessions.family }).from(sessions).where(eq(sessions.id, keepSessionId));
  forgetSessions(ctx, userId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        kept ? ne(sessions.family, kept.family) : undefined,
      ),
    );
  await db
    .update(identityCards)
    .set({ revokedAt: now })
    .where(and(eq(identityCards.userId, userId), isNull(identityCards.revokedAt)));
}
