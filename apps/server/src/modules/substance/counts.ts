import { lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { countedActions } from "../../db/schema";

/** What a viewer does that the catalogue counts: a play (`playCount`), a share (`forwardCount`). */
export type CountedAction = "PLAY" | "FORWARD";

/**
 * Whether this viewer's play or share of this video counts now: once per COUNT_WINDOW_SECONDS.
 * One statement decides it (insert, or move the last counted time only when it is older than the
 * window), so repeated or racing calls count once, and a retry of a counted call never counts again.
 */
export async function countsNow(
  ctx: AppContext,
  tx: Db,
  userId: number,
  videoId: number,
  action: CountedAction,
): Promise<boolean> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - ctx.config.countWindowSeconds * 1000);
  const counted = await tx
    .insert(countedActions)
    .values({ userId, videoId, action, countedAt: now })
    .onConflictDoUpdate({
      target: [countedActions.userId, countedActions.videoId, countedActions.action],
      set: { countedAt: now },
      setWhere: lt(countedActions.countedAt, windowStart),
    })
    .returning({ videoId: countedActions.videoId });
  return counted.length > 0;
}
