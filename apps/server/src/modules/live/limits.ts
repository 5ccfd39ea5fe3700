/**
 * The live chat's limits, held in the database so every server process holds the same ones and
 * concurrent requests cannot slip past them (Step 18, decision 0025):
 *
 * - what one person may send: LIVE_CHAT_PER_MINUTE in any 60 s and one per LIVE_CHAT_GAP_MS,
 *   taken or refused by one statement on the person's `live_chat_quota` row (the row lock queues
 *   concurrent sends; the last minute's send times are the row itself, so the window slides);
 * - how many chat streams one address may hold open: LIVE_CHAT_STREAMS_PER_ADDRESS, as leases
 *   (`live_stream_leases`) taken under the address's advisory lock, renewed by their process
 *   while the stream is open and deleted when it closes; a crashed process's run out.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, gt, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { liveChatQuota, liveStreamLeases } from "../../db/schema";

const MINUTE_MS = 60_000;
/** How long a stream's lease lasts unless its process renews it (every PRESENCE_MS, in the hub). */
export const STREAM_LEASE_MS = 30_000;

/**
 * Take one chat send of a person, or refuse: null when taken (inside `tx`, so a failure of the
 * send gives it back), else how long to wait before the next one may pass.
 */
export async function takeChatSend(
  tx: Db,
  userId: number,
  limits: { readonly perMinute: number; readonly gapMs: number },
  now: Date,
): Promise<{ readonly waitMs: number } | null> {
  const at = now.getTime();
  const since = at - MINUTE_MS;
  const taken = await tx.execute(sql`
    insert into ${liveChatQuota} as q (user_id, sent_at) values (${userId}, array[${at}::bigint])
    on conflict (user_id) do update
      set sent_at = array(select t from unnest(q.sent_at) as t where t > ${since}) || ${at}::bigint
      where (select count(*) from unnest(q.sent_at) as t where t > ${since}) < ${limits.perMinute}
        and coalesce((select max(t) from unnest(q.sent_at) as t), 0) <= ${at - limits.gapMs}
    returning user_id`);
  if (rowsOf(taken).length > 0) return null;
  // Refused: say how long until the send would pass (the gap, or the minute's oldest leaving).
  const [row] = await tx
    .select({ sentAt: liveChatQuota.sentAt })
    .from(liveChatQuota)
    .where(eq(liveChatQuota.userId, userId));
  const recent = (row?.sentAt ?? []).filter((t) => t > since).sort((a, b) => a - b);
  const last = recent.at(-1) ?? 0;
  const gapWait = last + limits.gapMs - at;
  const minuteWait =
    recent.length >= limits.perMinute ? (recent[recent.length - limits.perMinute] ?? at) + MINUTE_MS - at : 0;
  return { waitMs: Math.max(gapWait, minuteWait, 1) };
}

function rowsOf(result: unknown): unknown[] {
  return (result as { rows?: unknown[] }).rows ?? [];
}

/** A new lease's id (made before it is taken, so its process renews it from the first moment). */
export function newPlaceId(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * Take place `id` for a chat stream of `address`: false when the address holds its limit already.
 * The address's advisory lock queues concurrent openings on every process, so exactly the limit
 * pass.
 */
export async function takeStreamPlace(
  ctx: AppContext,
  place: { readonly id: string; readonly address: string; readonly roomId: number; readonly process: string },
): Promise<boolean> {
  const { id, address, roomId, process } = place;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockUntilCommit(tx, LockKind.liveStreamAddress, address);
    const [held] = await tx
      .select({ n: count() })
      .from(liveStreamLeases)
      .where(and(eq(liveStreamLeases.address, address), gt(liveStreamLeases.expiresAt, now)));
    if ((held?.n ?? 0) >= ctx.config.live.streamsPerAddress) return false;
    await tx
      .insert(liveStreamLeases)
      .values({ id, address, roomId, process, expiresAt: new Date(now.getTime() + STREAM_LEASE_MS) });
    return true;
  });
}

/** A closed stream gives its place back. */
export async function releaseStreamPlace(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.delete(liveStreamLeases).where(eq(liveStreamLeases.id, id));
}

/**
 * A process renews the leases of its streams (open, or being opened) and forgets any other lease
 * of its own (a release that failed); leases that ran out long ago, whoever's, are removed.
 * `open` is read when this is called: a place taken after that (its lease runs to at least
 * now + STREAM_LEASE_MS) is not forgotten — forgetting it freed its place while its stream was
 * open, and 23 streams of one address passed a limit of 20 on a loaded machine.
 */
export async function renewStreamPlaces(ctx: AppContext, process: string, open: readonly string[]) {
  const now = ctx.now();
  const renewedTo = new Date(now.getTime() + STREAM_LEASE_MS);
  const mine = eq(liveStreamLeases.process, process);
  if (open.length > 0)
    await ctx.db
      .update(liveStreamLeases)
      .set({ expiresAt: renewedTo })
      .where(and(mine, inArray(liveStreamLeases.id, [...open])));
  const takenBefore = lt(liveStreamLeases.expiresAt, renewedTo);
  await ctx.db
    .delete(liveStreamLeases)
    .where(
      open.length > 0
        ? and(mine, takenBefore, notInArray(liveStreamLeases.id, [...open]))
        : and(mine, takenBefore),
    );
  await ctx.db
    .delete(liveStreamLeases)
    .where(lt(liveStreamLeases.expiresAt, new Date(now.getTime() - STREAM_LEASE_MS)));
}
