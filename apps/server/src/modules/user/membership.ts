import { asc } from "drizzle-orm";
import type { AppContext } from "../../context";
import { memberBenefits, memberPictures, vipGoods } from "../../db/schema";
import type { ResponseOf } from "@platform/api-client";
import type { RouteInput, SignedInInput } from "../../http/route";
import { onlySelf } from "../../http/guards";
import { asksForEnglish } from "../../http/messages";
import { userRow } from "./accounts";
/** Membership of a user row: permanent, or until a time. */
export interface MembershipFields {
  readonly vipPermanent: boolean;
  readonly vipExpiresAt: Date | null;
}

const DAY_MS = 24 * 3600 * 1000;

export function isVipNow(user: MembershipFields, now: Date): boolean {
  return user.vipPermanent || (user.vipExpiresAt !== null && user.vipExpiresAt.getTime() > now.getTime());
}

/** Whole days left, counting a started day as a day (0 for non-members and permanent members). */
export function remainDaysOf(user: MembershipFields, now: Date): number {
  if (user.vipPermanent || user.vipExpiresAt === null) return 0;
  const left = user.vipExpiresAt.getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

/** The membership fields every user answer carries (spec §3 user info). */
export function membershipOf(user: MembershipFields, now: Date) {
  return { isVip: isVipNow(user, now), isPermanent: user.vipPermanent, remainDays: remainDaysOf(user, now) };
}

export async function queryMemberBenefits(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.queryMemberBenefits">,
): Promise<ResponseOf<"user.queryMemberBenefits">> {
  onlySelf(caller.userId, body.userId);
  const user = await userRow(ctx, caller.userId);
  const vip = isVipNow(user, ctx.now());
  // Commenting is a super-member benefit (spec §5, §6).
  return { isCommentEnabled: vip, isVip: vip, discount: vip ? ctx.config.memberDiscount : null };
}

/** The member centre's benefits, in the request's language. */
export async function memberBenefitsConfig(
  ctx: AppContext,
  { request }: RouteInput<"user.memberBenefitsConfig">,
): Promise<ResponseOf<"user.memberBenefitsConfig">> {
  const en = asksForEnglish(request);
  return (await ctx.db.select().from(memberBenefits).orderBy(asc(memberBenefits.sort))).map((b) => ({
    key: b.key,
    title: en ? b.titleEn : b.title,
    description: en ? b.descriptionEn : b.description,
    iconUrl: b.iconUrl,
  }));
}

/**
 * The plans on sale, named in the request's language, each with the discount its members get on
 * paid videos (tenths: 8 is 20 % off, spec §9).
 */
export async function vipGoodList(
  ctx: AppContext,
  { request }: RouteInput<"user.vipGoodList">,
): Promise<ResponseOf<"user.vipGoodList">> {
  const en = asksForEnglish(request);
  return (await ctx.db.select().from(vipGoods).orderBy(asc(vipGoods.sort))).map((g) => ({
    id: String(g.id),
    name: en ? g.nameEn : g.name,
    days: g.days,
    amount: g.amount,
    originalAmount: g.originalAmount,
    recommended: g.recommended,
    discount: ctx.config.memberDiscount,
  }));
}

export async function memberCentrePictures(
  ctx: AppContext,
): Promise<ResponseOf<"user.memberCentrePictures">> {
  return (await ctx.db.select().from(memberPictures).orderBy(asc(memberPictures.sort))).map((p) => ({
    id: String(p.id),
    imageUrl: p.imageUrl,
    jumpType: p.jumpType,
    jumpAdress: p.jumpAdress,
  }));
}
