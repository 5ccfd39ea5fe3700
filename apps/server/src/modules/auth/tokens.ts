/**
 * Signing in (spec §7 token calls): by SMS code (an unknown number gets an account), by password
 * (with lockout), by identity card.
 */
import { BusinessCode, SmsCodeType } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { identityCards } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { assertOurClient } from "../../http/guards";
import { sameText, sha256, verifyPassword } from "../../security/hashing";
import { createAccount, findLiveUserByMobile } from "../user/accounts";
import { cardSecret } from "../user/identity-card";
import { consumeSign, openPassword } from "./keys";
import { attemptSucceeded, clearPhoneFailures, releaseAttempt, reserveAttempt } from "./lockout";
import { issueSession } from "./sessions";
import { useCode } from "./sms";
import type { ResponseOf } from "@platform/api-client";
import type { RouteInput } from "../../http/route";

export async function signInBySms(
  ctx: AppContext,
  { body, request }: RouteInput<"auth.tokenSms">,
): Promise<ResponseOf<"auth.tokenSms">> {
  assertOurClient(ctx, body.clientId);
  await useCode(ctx, body.mobile, SmsCodeType.LOGIN, body.code, { address: request.ip });
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
}

export async function signInByPassword(
  ctx: AppContext,
  { body, request }: RouteInput<"auth.tokenUserPwd">,
): Promise<ResponseOf<"auth.tokenUserPwd">> {
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
}

export async function signInByCard(
  ctx: AppContext,
  { body }: RouteInput<"auth.tokenIdentityCard">,
): Promise<ResponseOf<"auth.tokenIdentityCard">> {
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
}
