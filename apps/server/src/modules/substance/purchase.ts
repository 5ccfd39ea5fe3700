/**
 * Buying a CHARGE video with gold (spec §6): idempotent, one purchase per person, a ledger entry.
 */
import { BusinessCode, MessageKind, WatchLevel } from "@platform/domain";
import type { AppContext } from "../../context";
import { BusinessError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "../ledger/wallet";
import { and, eq } from "drizzle-orm";
import { purchases, users, videos } from "../../db/schema";
import { isVipNow } from "../user/membership";
import { writeMessage } from "../user/messages";
import { priceFor, videoRowColumns, visibleTo } from "./access";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { forgetViewer } from "./viewer";

/** The author's part of a price (hundredths, rounded down: the platform keeps the fraction). */
export function creatorShare(price: number, percent: number): number {
  return Math.floor((price * percent) / 100);
}

export async function buyVideo(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.buyVideo">,
): Promise<ResponseOf<"substance.buyVideo">> {
  const bought = await idempotent(ctx, request, caller.userId, "substance.buyVideo", body, async (tx) => {
    // The video and the buyer's membership in one read (the price depends on both).
    const [found] = await tx
      .select({
        video: videoRowColumns,
        vipPermanent: users.vipPermanent,
        vipExpiresAt: users.vipExpiresAt,
      })
      .from(videos)
      .innerJoin(users, eq(users.id, caller.userId))
      .where(and(eq(videos.id, Number(body.substanceId)), visibleTo(caller.userId)));
    if (!found) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    const { video } = found;
    if (video.watchLevel !== WatchLevel.CHARGE)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.notForSale);
    if (video.authorId === caller.userId)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.ownVideo);
    const price = priceFor(ctx, video, { userId: caller.userId, isVip: isVipNow(found, ctx.now()) });
    const share = creatorShare(price, ctx.config.console.creatorSharePercent);
    const [purchase] = await tx
      .insert(purchases)
      .values({
        userId: caller.userId,
        videoId: video.id,
        payType: body.payType,
        amount: price,
        authorShare: share,
      })
      .onConflictDoNothing()
      .returning({ id: purchases.id });
    if (!purchase) throw new BusinessError(BusinessCode.conflict, ServerMessage.alreadyBought);
    // Gold moves to the author and revenue: one journal, once per purchase. The author is its
    // payee (decision 0032): paid without their money lock, so their sales do not queue on it.
    const posted =
      price > 0
        ? await post(tx, {
            kind: "BUY_VIDEO",
            reference: `purchases:${String(purchase.id)}`,
            payees: [video.authorId],
            legs: [
              { account: userAccount(caller.userId, BalanceType.GOLD), amount: -price },
              { account: userAccount(video.authorId, BalanceType.GOLD), amount: share },
              { account: platform(PlatformAccount.REVENUE), amount: price - share },
            ].filter((leg) => leg.amount !== 0),
          })
        : null;
    await writeMessage(tx, caller.userId, {
      kind: MessageKind.PURCHASE,
      params: { videoId: String(video.id), videoTitle: video.title, amount: price },
    });
    const balance =
      posted?.balances.get(`${String(caller.userId)}:${BalanceType.GOLD}`) ??
      (await balancesOf(tx, caller.userId)).GOLD;
    return { isBuy: true as const, paidAmount: price, balance };
  });
  forgetViewer(ctx, caller.userId);
  return bought;
}
