import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { assertOurClient, refuseFlood } from "../../http/guards";
import { route } from "../../http/route";
import { issueSign, passwordKeys } from "./keys";
import { register, resetPassword } from "./registration";
import { changePassword, changePhone, logoff, logoffCheck, signOutOthers, verifyPhone } from "./security";
import { issueSession, refreshSession, revokeFamilyOf } from "./sessions";
import { sendCode } from "./sms";
import { signInByCard, signInByPassword, signInBySms } from "./tokens";

/** The token calls and the password key: contract name → handler (logic in tokens.ts, sessions.ts, keys.ts). */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "auth.getKey", "public", async ({ request }) => {
    await refuseFlood(ctx, `sign:${request.ip}`, ctx.config.anonymousWritesPerMinute);
    const { publicKey } = await passwordKeys(ctx);
    return { key: publicKey, sign: await issueSign(ctx) };
  });
  route(app, ctx, "auth.tokenClientId", "public", async ({ body, request }) => {
    await refuseFlood(ctx, `guest:${request.ip}`, ctx.config.anonymousWritesPerMinute);
    assertOurClient(ctx, body.clientId);
    return issueSession(ctx, ctx.db, null);
  });
  route(app, ctx, "auth.tokenRefresh", "public", ({ body }) => refreshSession(ctx, body.refresh_token));
  route(app, ctx, "auth.tokenRevoke", "public", async ({ body }) => {
    await revokeFamilyOf(ctx, body.refresh_token);
    return null;
  });
  route(app, ctx, "auth.tokenSms", "public", (input) => signInBySms(ctx, input));
  route(app, ctx, "auth.tokenUserPwd", "public", (input) => signInByPassword(ctx, input));
  route(app, ctx, "auth.tokenIdentityCard", "public", (input) => signInByCard(ctx, input));
  credentialRoutes(app, ctx);
}

/**
 * The `user.*` calls of credentials: a code to a phone, registering, the password reset or
 * changed, the phone changed, the other sessions signed out, the account deleted (logic in
 * registration.ts and security.ts).
 */
function credentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "user.sendValidateCode", "public", async ({ body, request }) => {
    await sendCode(ctx, body.phoneNumbers, body.type, request.ip);
    return null;
  });
  route(app, ctx, "user.register", "public", (input) => register(ctx, input));
  route(app, ctx, "user.resetPassword", "public", (input) => resetPassword(ctx, input));
  route(app, ctx, "user.logoff", "user", (input) => logoff(ctx, input));
  route(app, ctx, "user.logoffCheck", "user", (input) => logoffCheck(ctx, input));
  route(app, ctx, "user.changePassword", "user", (input) => changePassword(ctx, input));
  route(app, ctx, "user.verifyPhone", "user", (input) => verifyPhone(ctx, input));
  route(app, ctx, "user.changePhone", "user", (input) => changePhone(ctx, input));
  route(app, ctx, "user.signOutOthers", "user", (input) => signOutOthers(ctx, input));
}
