/**
 * Making an account and resetting its password (spec §7): SMS code, RSA-sealed password, signed
 * nonce.
 */
import { BusinessCode, SmsCodeType, validatePassword } from "@platform/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { assertOurClient } from "../../http/guards";
import { hashPassword } from "../../security/hashing";
import { consumeSign, openPassword } from "./keys";
import { endOtherAccess } from "./sessions";
import { useCode } from "./sms";
import type { ResponseOf } from "@platform/api-client";
import type { RouteInput } from "../../http/route";
import { createAccount, findLiveUserByMobile } from "../user/accounts";

async function newPasswordHash(ctx: AppContext, sign: string, sealed: string): Promise<string> {
  await consumeSign(ctx, sign);
  const password = await openPassword(ctx, sealed);
  const problem = validatePassword(password);
  if (problem) throw new BusinessError(BusinessCode.invalid, problem.key);
  return hashPassword(password, ctx.config.passwordHashCost);
}

export async function register(
  ctx: AppContext,
  { body, request }: RouteInput<"user.register">,
): Promise<ResponseOf<"user.register">> {
  assertOurClient(ctx, body.clientId);
  if (await findLiveUserByMobile(ctx.db, body.mobile)) {
    throw new BusinessError(BusinessCode.conflict, ServerMessage.phoneRegistered);
  }
  const passwordHash = await newPasswordHash(ctx, body.sign, body.password);
  await useCode(ctx, body.mobile, SmsCodeType.REGISTER, body.code, { address: request.ip });
  await createAccount(ctx.db, {
    mobile: body.mobile,
    passwordHash,
    channelTagId: body.channelTagId,
    inviteCode: body.inviteCode,
  });
  return null;
}

export async function resetPassword(
  ctx: AppContext,
  { body, request }: RouteInput<"user.resetPassword">,
): Promise<ResponseOf<"user.resetPassword">> {
  const user = await findLiveUserByMobile(ctx.db, body.mobile);
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.phoneNotRegistered);
  const passwordHash = await newPasswordHash(ctx, body.sign, body.password);
  await useCode(ctx, body.mobile, SmsCodeType.RESET, body.code, { address: request.ip });
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    // A new password signs out every device that knew the old one, and ends the identity card.
    await endOtherAccess(ctx, tx, user.id, null);
  });
  return null;
}
