import { BusinessCode, SmsCodeType } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { identityCards } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { assertOurClient, refuseFlood, route } from "../../http/route";
import { sameText, sha256, verifyPassword } from "../../security/secrets";
import { createAccount, findLiveUserByMobile } from "../user/accounts";
import { cardSecret } from "../user/identity-card";
import { consumeSign, issueSign, openPassword, passwordKeys } from "./keys";
import { attemptSucceeded, clearPhoneFailures, releaseAttempt, reserveAttempt } from "./lockout";
import { issueSession, refreshSession } from "./sessions";
import { useCode } from "./sms";

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "auth.getKey", "public", async ({ request }) => {
    refuseFlood(ctx, `sign:${request.ip}`, ctx.config.anonymousWritesPerMinute);
    const { publicKey } = await passwordKeys(ctx);
    return { key: publicKey, sign: await issueSign(ctx) };
  });

  route(app, ctx, "auth.tokenClientId", "public", async ({ body, request }) => {
    refuseFlood(ctx, `guest:${request.ip}`, ctx.config.anonymousWritesPerMinute);
    assertOurClient(ctx, body.clientId);
    return issueSession(ctx, ctx.db, null);
  });

  route(app, ctx, "auth.tokenRefresh", "public", ({ body }) => refreshSession(ctx, body.refresh_token));

  route(app, ctx, "auth.tokenSms", "public", async ({ body }) => {
    assertOurClient(ctx, body.clientId);
    await useCode(ctx, body.mobile, SmsCodeType.LOGIN, body.code);
    // A code proves the phone: an unknown number gets an account (without a password yet).
    const existing = await findLiveUserByMobile(ctx.db, body.mobile);
    const userId =
      existing?.id ??
      (await createAccount(ctx.db, {
        mobile: body.mobile,
        passwordHash: null,
        channelTagId: body.channelTagId,
        inviteCode: body.inviteCode,
      }));
    await clearPhoneFailures(ctx, body.mobile);
    return issueSession(ctx, ctx.db, userId);
  });

  route(app, ctx, "auth.tokenUserPwd", "public", async ({ body, request }) => {
    const attempt = await reserveAttempt(ctx, body.username, request.ip);
    let password: string;
    try {
      await consumeSign(ctx, body.sign);
      password = await openPassword(ctx, body.password);
    } catch (error) {
      // No password was tried: the attempt is given back.
      await releaseAttempt(ctx, attempt);
      throw error;
    }
    const user = await findLiveUserByMobile(ctx.db, body.username);
    const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
    // A wrong password keeps its reserved failure.
    if (!user || !ok) throw new BusinessError(BusinessCode.invalid, ServerMessage.wrongCredentials);
    await attemptSucceeded(ctx, attempt);
    return issueSession(ctx, ctx.db, user.id);
  });

  route(app, ctx, "auth.tokenIdentityCard", "public", async ({ body }) => {
    const [card] = await ctx.db
      .select()
      .from(identityCards)
      .where(and(eq(identityCards.cardId, body.cardId), isNull(identityCards.revokedAt)));
    if (
      !card ||
      !sameText(card.secretHash, sha256(body.secret)) ||
      body.secret !== cardSecret(ctx, card.cardId)
    ) {
      throw new BusinessError(BusinessCode.invalid, ServerMessage.cardInvalid);
    }
    return issueSession(ctx, ctx.db, card.userId);
  });
}
