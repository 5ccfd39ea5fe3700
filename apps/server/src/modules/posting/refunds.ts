/**
 * Refunds of a video that was deleted or taken down (decision 0018), with the author's share of
 * each sale taken back (decision 0032).
 */
import { MessageKind } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database";
import { lockPeople } from "../../db/locks";
import { purchases, videos } from "../../db/schema";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "../ledger/wallet";
import type { Leg } from "../ledger/wallet";
import { writeMessage } from "../user/messages";

/**
 * Give the buyers of a video their gold back (it was deleted or taken down), once per purchase,
 * and each hears of it in the message centre (which video, how much), in the caller's
 * transaction. The author's share of each sale is taken back from the author's gold as far as it
 * goes (what they spent already the platform bears: decision 0032); REVENUE pays the rest. Answers
 * how many were refunded.
 */
export async function refundBuyers(tx: Db, videoId: number, now: Date): Promise<number> {
  const [video] = await tx
    .select({ title: videos.title, authorId: videos.authorId })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video) return 0;
  // The buyers' and the author's money locks first (db/locks.ts), ascending; one who buys
  // meanwhile is locked after.
  const buyers = await tx
    .selectDistinct({ userId: purchases.userId })
    .from(purchases)
    .where(and(eq(purchases.videoId, videoId), isNull(purchases.refundedAt)));
  await lockPeople(tx, video.authorId, ...buyers.map((b) => b.userId));
  const bought = await tx
    .update(purchases)
    .set({ refundedAt: now })
    .where(and(eq(purchases.videoId, videoId), isNull(purchases.refundedAt)))
    .returning({
      id: purchases.id,
      userId: purchases.userId,
      amount: purchases.amount,
      authorShare: purchases.authorShare,
    });
  await lockPeople(tx, ...bought.map((b) => b.userId));
  let authorGold = bought.some((b) => b.authorShare > 0) ? (await balancesOf(tx, video.authorId)).GOLD : 0;
  for (const purchase of bought.sort((a, b) => a.id - b.id)) {
    if (purchase.amount <= 0) continue;
    const takenBack = Math.min(purchase.authorShare, authorGold);
    authorGold -= takenBack;
    const legs: Leg[] = [
      { account: userAccount(purchase.userId, BalanceType.GOLD), amount: purchase.amount },
      { account: userAccount(video.authorId, BalanceType.GOLD), amount: -takenBack },
      { account: platform(PlatformAccount.REVENUE), amount: -(purchase.amount - takenBack) },
    ];
    await post(tx, {
      kind: "REFUND_VIDEO",
      reference: `purchases:${String(purchase.id)}`,
      legs: legs.filter((leg) => leg.amount !== 0),
    });
    await writeMessage(tx, purchase.userId, {
      kind: MessageKind.PURCHASE_REFUND,
      params: { videoId: String(videoId), videoTitle: video.title, amount: purchase.amount },
    });
  }
  return bought.length;
}
