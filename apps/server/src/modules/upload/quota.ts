/**
 * What one person's uploads take (Step 18): unfinished uploads outstanding, bytes sent in the last
 * 24 hours, and bytes kept in the store — each bounded by a setting and checked under a lock of the
 * person when a new upload is signed, so racing signs cannot all pass. Parts count as they arrive:
 * an upload in parts, finished, given up or left to expire, counts what reached the store.
 */
import { eq, sql } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { uploads } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../security/budget";

const MiB = 1024 * 1024;

export interface UploadUsage {
  /** Unfinished uploads that can still receive bytes, or hold some in the store. */
  readonly pending: number;
  /** When the first of the live ones expires (null: none). */
  readonly soonest: Date | null;
  /** Bytes sent in the last 24 hours (live signs by what they declared, others by what arrived). */
  readonly dayBytes: number;
  /** The oldest upload of those 24 hours (when some of the day frees). */
  readonly oldest: Date | null;
  /** Bytes in the store: finished files not removed, live signs as declared, left-overs as arrived. */
  readonly diskBytes: number;
}

/** A person's uploads as the quotas count them, now. */
export async function usageOf(ctx: AppContext, db: Db, userId: number): Promise<UploadUsage> {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const u = uploads;
  // Signed, not finished, not given up, not expired: it may still receive bytes.
  const live = sql`(${u.completedAt} IS NULL AND ${u.cancelledAt} IS NULL AND ${u.expiresAt} > ${now})`;
  const sent = sql`CASE WHEN ${u.completedAt} IS NOT NULL THEN GREATEST(COALESCE(${u.size}, 0), ${u.arrivedBytes})
    WHEN ${live} THEN GREATEST(${u.declaredSize}, ${u.arrivedBytes}) ELSE ${u.arrivedBytes} END`;
  const held = sql`CASE WHEN ${u.completedAt} IS NOT NULL THEN COALESCE(${u.size}, 0)
    WHEN ${live} THEN GREATEST(${u.declaredSize}, ${u.arrivedBytes}) ELSE ${u.arrivedBytes} END`;
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${u.completedAt} IS NULL AND ${u.removedAt} IS NULL
        AND (${live} OR ${u.arrivedBytes} > 0))`.mapWith(Number),
      soonest: sql<Date | null>`min(${u.expiresAt}) FILTER (WHERE ${live})`.mapWith(u.expiresAt),
      dayBytes: sql<number>`COALESCE(sum(${sent}) FILTER (WHERE ${u.createdAt} > ${dayAgo}), 0)`.mapWith(
        Number,
      ),
      oldest: sql<Date | null>`min(${u.createdAt}) FILTER (WHERE ${u.createdAt} > ${dayAgo})`.mapWith(
        u.createdAt,
      ),
      diskBytes: sql<number>`COALESCE(sum(${held}) FILTER (WHERE ${u.removedAt} IS NULL), 0)`.mapWith(Number),
    })
    .from(u)
    .where(eq(u.userId, userId));
  return {
    pending: row?.pending ?? 0,
    soonest: row?.soonest ?? null,
    dayBytes: row?.dayBytes ?? 0,
    oldest: row?.oldest ?? null,
    diskBytes: row?.diskBytes ?? 0,
  };
}

/**
 * Check a person's quotas for a new upload of `declared` bytes, under a lock of the person held to
 * the end of the transaction (which writes the upload's row): at most UPLOAD_MAX_PENDING
 * unfinished, UPLOAD_DAILY_BYTES in 24 hours, UPLOAD_DISK_BYTES in the store. Each refusal says its
 * numbers.
 */
export async function assertQuota(ctx: AppContext, tx: Db, userId: number, declared: number): Promise<void> {
  await lockUntilCommit(tx, LockKind.uploadQuota, String(userId));
  const now = ctx.now().getTime();
  const usage = await usageOf(ctx, tx, userId);
  const { uploadMaxPending, uploadDailyBytes, uploadDiskBytes } = ctx.config;
  if (usage.pending >= uploadMaxPending) {
    const frees = usage.soonest?.getTime() ?? now;
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.uploadTooManyPending, {
      count: usage.pending,
      minutes: Math.max(1, Math.ceil((frees - now) / MINUTE_MS)),
    });
  }
  if (usage.dayBytes + declared > uploadDailyBytes) {
    const frees = (usage.oldest?.getTime() ?? now) + DAY_MS;
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.uploadDailyQuota, {
      megabytes: Math.floor(uploadDailyBytes / MiB),
      hours: Math.max(1, Math.ceil((frees - now) / HOUR_MS)),
    });
  }
  if (usage.diskBytes + declared > uploadDiskBytes) {
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.uploadDiskFull, {
      used: Math.ceil(usage.diskBytes / MiB),
      limit: Math.floor(uploadDiskBytes / MiB),
      needed: Math.ceil(declared / MiB),
    });
  }
}

/** `upload.usage`: the caller's uploads against their limits (the editor shows "x MB of y MB"). */
export async function uploadUsage(
  ctx: AppContext,
  { caller }: SignedInInput<"upload.usage">,
): Promise<ResponseOf<"upload.usage">> {
  const usage = await usageOf(ctx, ctx.db, caller.userId);
  return {
    diskUsedBytes: usage.diskBytes,
    diskLimitBytes: ctx.config.uploadDiskBytes,
    dayUsedBytes: usage.dayBytes,
    dayLimitBytes: ctx.config.uploadDailyBytes,
    pending: usage.pending,
    pendingLimit: ctx.config.uploadMaxPending,
  };
}
