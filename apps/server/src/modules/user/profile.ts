/**
 * A user's own information (spec §3 user info): reading it, changing it, messages, the login log.
 */
import { hasForbiddenCharacter } from "@platform/api-client/contract";
import { BusinessCode } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { identityCards, loginLogs, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { onlySelf } from "../../http/guards";
import { ServerMessage } from "../../http/messages";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { backgroundUrlOf, userRow } from "./accounts";
import { membershipOf } from "./membership";
import { unreadOf } from "./messages";

/** A header's text as it may be stored: without characters no text may hold, at most `max` long. */
function storableHeader(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  return Array.from(value)
    .filter((c) => !hasForbiddenCharacter(c))
    .slice(0, max)
    .join("");
}

export async function loginInfoLog(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"user.loginInfoLog">,
): Promise<ResponseOf<"user.loginInfoLog">> {
  await ctx.db.insert(loginLogs).values({
    userId: caller.userId,
    platform: body.platform,
    // The header is not validated by the contract: only what can be stored, and not too much.
    userAgent: body.userAgent ?? storableHeader(request.headers["user-agent"], 512),
    address: request.ip,
  });
  return null;
}

export async function queryInfo(
  ctx: AppContext,
  { caller }: SignedInInput<"user.queryInfo">,
): Promise<ResponseOf<"user.queryInfo">> {
  const user = await userRow(ctx, caller.userId);
  const [card] = await ctx.db
    .select({ cardId: identityCards.cardId })
    .from(identityCards)
    .where(and(eq(identityCards.userId, user.id), isNull(identityCards.revokedAt)));
  return {
    userId: String(user.id),
    nickName: user.nickName,
    gender: user.gender as "MALE" | "FEMALE" | "SECRET",
    birthday: user.birthday,
    area: user.area,
    avatarFileUrl: user.avatarUrl,
    bgImgFileUrl: backgroundUrlOf(user),
    mobile: user.mobile,
    memberId: user.memberId,
    username: user.mobile,
    identityCardId: card?.cardId ?? null,
    channelTagId: user.channelTagId,
    introduction: user.introduction,
    hasPassword: user.passwordHash !== null,
    ...membershipOf(user, ctx.now()),
  };
}

export async function unreadTotal(
  ctx: AppContext,
  { caller }: SignedInInput<"user.unreadTotal">,
): Promise<ResponseOf<"user.unreadTotal">> {
  return {
    total: await unreadOf(ctx, caller.userId),
  };
}

export async function modifyInfo(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.modifyInfo">,
): Promise<ResponseOf<"user.modifyInfo">> {
  await ctx.db
    .update(users)
    .set({
      ...(body.nickName === undefined ? {} : { nickName: body.nickName }),
      ...(body.gender === undefined ? {} : { gender: body.gender }),
      ...(body.area === undefined ? {} : { area: body.area }),
      ...(body.introduction === undefined ? {} : { introduction: body.introduction }),
    })
    .where(eq(users.id, caller.userId));
  return null;
}

export async function modifyBirthday(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.modifyBirthday">,
): Promise<ResponseOf<"user.modifyBirthday">> {
  const date = new Date(`${body.birthday}T00:00:00Z`);
  // "Not in the future" wherever the person is: today in the furthest time zone (UTC+14) is allowed.
  const latest = ctx.now().getTime() + 14 * 3_600_000;
  if (
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== body.birthday ||
    date.getTime() > latest
  ) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.invalidField, { field: "birthday" });
  }
  await ctx.db.update(users).set({ birthday: body.birthday }).where(eq(users.id, caller.userId));
  return null;
}

export async function userInfo(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.userInfo">,
): Promise<ResponseOf<"user.userInfo">> {
  onlySelf(caller.userId, body.userId);
  const user = await userRow(ctx, caller.userId);
  return {
    userId: String(user.id),
    nickName: user.nickName,
    avatarFileUrl: user.avatarUrl,
    bgImgFileUrl: backgroundUrlOf(user),
    memberId: user.memberId,
    ...membershipOf(user, ctx.now()),
  };
}

export async function messageCount(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.messageCount">,
): Promise<ResponseOf<"user.messageCount">> {
  onlySelf(caller.userId, body.userId);
  return { total: await unreadOf(ctx, caller.userId) };
}
