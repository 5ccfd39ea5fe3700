/**
 * Selling super membership (`user.openVipAccount`, Step 12): gold moves to revenue through the
 * ledger (a MEMBERSHIP journal per purchase) and the term moves in the same transaction.
 *
 * - OPEN_SVIP is for people who are not members now (never were, or their term ended); BUY_SVIP
 *   renews a current term. The wrong one is refused, so a double tap of 'open' cannot buy twice.
 * - Days are added to the end of the current term (or to now); a permanent plan makes the member
 *   permanent. A permanent member has nothing more to buy.
 * - Expiry is by date (`vip_expires_at` compared with the clock), never by a job.
 * - The person's row is locked (FOR NO KEY UPDATE), so concurrent purchases of one person run one after another
 *   and each extends the term the previous one left; the ledger refuses any that the gold no
 *   longer covers.
 */
import { BusinessCode, SvipPurchaseType } from "@platform/domain";
import { eq } from "drizzle-orm";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import { users, vipGoods, vipOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { BalanceType, PlatformAccount, platform, post, userAccount } from "../ledger/wallet";
import { isVipNow, membershipOf } from "./membership";

const DAY_MS = 24 * 3600 * 1000;

export async function openVipAccount(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"user.openVipAccount">,
): Promise<ResponseOf<"user.openVipAccount">> {
  const userId = caller.userId;
  const answer = await idempotent(ctx, request, userId, "user.openVipAccount", body, async (tx) => {
    const [good] = await tx
      .select()
      .from(vipGoods)
      .where(eq(vipGoods.id, Number(body.goodId)));
    if (!good) throw new BusinessError(BusinessCode.notFound, ServerMessage.vipPlanNotFound);
    const [user] = await tx
      .select({ vipPermanent: users.vipPermanent, vipExpiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId))
      // NO KEY UPDATE: the idempotency claim and the ledger lines already hold KEY SHARE on this row
      // (their foreign keys); FOR UPDATE would wait on each other's and deadlock.
      .for("no key update");
    if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    const now = ctx.now();
    if (user.vipPermanent) throw new BusinessError(BusinessCode.invalid, ServerMessage.vipPermanentAlready);
    const member = isVipNow(user, now);
    if (body.type === SvipPurchaseType.OPEN_SVIP && member)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.vipAlreadyMember);
    if (body.type === SvipPurchaseType.BUY_SVIP && !member)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.vipNotMember);

    const permanent = good.days === 0;
    const startsAt = member && user.vipExpiresAt !== null ? user.vipExpiresAt : now;
    const endsAt = permanent ? null : new Date(startsAt.getTime() + good.days * DAY_MS);
    const [order] = await tx
      .insert(vipOrders)
      .values({
        userId,
        goodId: good.id,
        type: body.type,
        days: good.days,
        amount: good.amount,
        startsAt,
        endsAt,
      })
      .returning({ id: vipOrders.id });
    if (!order) throw new Error("vip order not written");
    if (good.amount > 0)
      await post(tx, {
        kind: "MEMBERSHIP",
        reference: `vip_orders:${String(order.id)}`,
        legs: [
          { account: userAccount(userId, BalanceType.GOLD), amount: -good.amount },
          { account: platform(PlatformAccount.REVENUE), amount: good.amount },
        ],
      });
    const term = permanent
      ? { vipPermanent: true, vipExpiresAt: user.vipExpiresAt }
      : { vipPermanent: false, vipExpiresAt: endsAt };
    await tx.update(users).set(term).where(eq(users.id, userId));
    return membershipOf(term, now);
  });
  // The benefits apply at once in this process; other processes see them within SESSION_CACHE_MS.
  ctx.ports.membershipChanged(userId);
  return answer;
}
