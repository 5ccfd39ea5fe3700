import { hasForbiddenCharacter } from "@platform/api-client/contract";
import { BusinessCode, SmsCodeType, validatePassword } from "@platform/domain";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import {
  identityCards,
  loginLogs,
  memberBenefits,
  memberPictures,
  messages,
  users,
  vipGoods,
} from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { assertOurClient, route } from "../../http/route";
import { formatDateTime, offsetOf } from "../../http/time";
import { hashPassword } from "../../security/secrets";
import { consumeSign, openPassword } from "../auth/keys";
import { revokeUserSessions } from "../auth/sessions";
import { sendCode, useCode } from "../auth/sms";
import { createAccount, findLiveUserByMobile } from "./accounts";
import { fileUrlOf } from "../upload/routes";
import { identityCardOf } from "./identity-card";
import { isVipNow, membershipOf } from "./membership";

async function newPasswordHash(ctx: AppContext, sign: string, sealed: string): Promise<string> {
  await consumeSign(ctx, sign);
  const password = await openPassword(ctx, sealed);
  const problem = validatePassword(password);
  if (problem) throw new BusinessError(BusinessCode.invalid, problem.key);
  return hashPassword(password);
}

/** Where a user's background image is served. */
export function backgroundUrlOf(user: {
  bgImgKey: string | null;
  bgImgBucket: string | null;
}): string | null {
  return user.bgImgKey && user.bgImgBucket ? fileUrlOf(user.bgImgBucket, user.bgImgKey) : null;
}

/** A header's text as it may be stored: without characters no text may hold, at most `max` long. */
function storableHeader(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  return Array.from(value)
    .filter((c) => !hasForbiddenCharacter(c))
    .slice(0, max)
    .join("");
}

function onlySelf(callerId: number, userId: string): void {
  if (String(callerId) !== userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
}

export async function userRow(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return user;
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "user.sendValidateCode", "public", async ({ body, request }) => {
    await sendCode(ctx, body.phoneNumbers, body.type, request.ip);
    return null;
  });

  route(app, ctx, "user.register", "public", async ({ body }) => {
    assertOurClient(ctx, body.clientId);
    if (await findLiveUserByMobile(ctx.db, body.mobile)) {
      throw new BusinessError(BusinessCode.conflict, ServerMessage.phoneRegistered);
    }
    const passwordHash = await newPasswordHash(ctx, body.sign, body.password);
    await useCode(ctx, body.mobile, SmsCodeType.REGISTER, body.code);
    await createAccount(ctx.db, {
      mobile: body.mobile,
      passwordHash,
      channelTagId: body.channelTagId,
      inviteCode: body.inviteCode,
    });
    return null;
  });

  route(app, ctx, "user.resetPassword", "public", async ({ body }) => {
    const user = await findLiveUserByMobile(ctx.db, body.mobile);
    if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.phoneNotRegistered);
    const passwordHash = await newPasswordHash(ctx, body.sign, body.password);
    await useCode(ctx, body.mobile, SmsCodeType.RESET, body.code);
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // A new password signs out every device that knew the old one.
      await revokeUserSessions(ctx, tx, user.id, ctx.now());
    });
    return null;
  });

  route(app, ctx, "user.loginInfoLog", "user", async ({ body, caller, request }) => {
    await ctx.db.insert(loginLogs).values({
      userId: caller.userId,
      platform: body.platform,
      // The header is not validated by the contract: only what can be stored, and not too much.
      userAgent: body.userAgent ?? storableHeader(request.headers["user-agent"], 512),
      address: request.ip,
    });
    return null;
  });

  route(app, ctx, "user.queryInfo", "user", async ({ caller }) => {
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
      ...membershipOf(user, ctx.now()),
    };
  });

  route(app, ctx, "user.unreadTotal", "user", async ({ caller }) => ({
    total: await unread(ctx, caller.userId),
  }));

  route(app, ctx, "user.modifyInfo", "user", async ({ body, caller }) => {
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
  });

  route(app, ctx, "user.modifyBirthday", "user", async ({ body, caller }) => {
    const date = new Date(`${body.birthday}T00:00:00Z`);
    if (
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== body.birthday ||
      date > ctx.now()
    ) {
      throw new BusinessError(BusinessCode.invalid, ServerMessage.invalidField, { field: "birthday" });
    }
    await ctx.db.update(users).set({ birthday: body.birthday }).where(eq(users.id, caller.userId));
    return null;
  });

  route(app, ctx, "user.queryMemberBenefits", "user", async ({ body, caller }) => {
    onlySelf(caller.userId, body.userId);
    const user = await userRow(ctx, caller.userId);
    const vip = isVipNow(user, ctx.now());
    // Commenting is a super-member benefit (spec §5, §6).
    return { isCommentEnabled: vip, isVip: vip, discount: vip ? ctx.config.memberDiscount : null };
  });

  route(app, ctx, "user.memberBenefitsConfig", "user", async () =>
    (await ctx.db.select().from(memberBenefits).orderBy(asc(memberBenefits.sort))).map((b) => ({
      key: b.key,
      title: b.title,
      description: b.description,
      iconUrl: b.iconUrl,
    })),
  );

  route(app, ctx, "user.logoff", "user", async ({ caller }) => {
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ deletedAt: now }).where(eq(users.id, caller.userId));
      await tx
        .update(identityCards)
        .set({ revokedAt: now })
        .where(and(eq(identityCards.userId, caller.userId), isNull(identityCards.revokedAt)));
      await revokeUserSessions(ctx, tx, caller.userId, now);
    });
    return null;
  });

  route(app, ctx, "user.vipGoodList", "user", async () =>
    (await ctx.db.select().from(vipGoods).orderBy(asc(vipGoods.sort))).map((g) => ({
      id: String(g.id),
      name: g.name,
      days: g.days,
      amount: g.amount,
      originalAmount: g.originalAmount,
      recommended: g.recommended,
    })),
  );

  route(app, ctx, "user.memberCentrePictures", "user", async () =>
    (await ctx.db.select().from(memberPictures).orderBy(asc(memberPictures.sort))).map((p) => ({
      id: String(p.id),
      imageUrl: p.imageUrl,
      jumpType: p.jumpType,
      jumpAdress: p.jumpAdress,
    })),
  );

  route(app, ctx, "user.identityCard", "user", async ({ body, caller, request }) =>
    identityCardOf(ctx, caller.userId, body.regenerate, (d) => formatDateTime(d, offsetOf(request))),
  );

  route(app, ctx, "user.userInfo", "user", async ({ body, caller }) => {
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
  });

  route(app, ctx, "user.messageCount", "user", async ({ body, caller }) => {
    onlySelf(caller.userId, body.userId);
    return { total: await unread(ctx, caller.userId) };
  });
}

async function unread(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}
