import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import { formatDateTime, offsetOf } from "../../http/time";
import { identityCardOf } from "./identity-card";
import {
  loginInfoLog,
  messageCount,
  modifyBirthday,
  modifyInfo,
  queryInfo,
  unreadTotal,
  userInfo,
} from "./profile";
import { memberBenefitsConfig, memberCentrePictures, queryMemberBenefits, vipGoodList } from "./membership";
import { openVipAccount } from "./vip";
import { messageList, messageRead, messageSettings, saveMessageSettings } from "./messages";

/**
 * The calls of profiles, messages and membership: contract name → handler (logic beside). The
 * `user.*` calls of credentials (register, reset or change the password, change the phone, log
 * off, send a code) are the auth module's (auth/routes.ts): they use its keys, codes and sessions.
 */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "user.loginInfoLog", "user", (input) => loginInfoLog(ctx, input));
  route(app, ctx, "user.queryInfo", "user", (input) => queryInfo(ctx, input));
  route(app, ctx, "user.unreadTotal", "user", (input) => unreadTotal(ctx, input));
  route(app, ctx, "user.modifyInfo", "user", (input) => modifyInfo(ctx, input));
  route(app, ctx, "user.modifyBirthday", "user", (input) => modifyBirthday(ctx, input));
  route(app, ctx, "user.queryMemberBenefits", "user", (input) => queryMemberBenefits(ctx, input));
  route(app, ctx, "user.memberBenefitsConfig", "user", (input) => memberBenefitsConfig(ctx, input));
  route(app, ctx, "user.messageList", "user", (input) => messageList(ctx, input));
  route(app, ctx, "user.messageRead", "user", (input) => messageRead(ctx, input));
  route(app, ctx, "user.messageSettings", "user", (input) => messageSettings(ctx, input));
  route(app, ctx, "user.saveMessageSettings", "user", (input) => saveMessageSettings(ctx, input));
  route(app, ctx, "user.vipGoodList", "user", (input) => vipGoodList(ctx, input));
  route(app, ctx, "user.openVipAccount", "user", (input) => openVipAccount(ctx, input));
  route(app, ctx, "user.memberCentrePictures", "user", () => memberCentrePictures(ctx));
  route(app, ctx, "user.identityCard", "user", async ({ body, caller, request }) =>
    identityCardOf(ctx, caller.userId, body.regenerate, (d) => formatDateTime(d, offsetOf(request))),
  );
  route(app, ctx, "user.userInfo", "user", (input) => userInfo(ctx, input));
  route(app, ctx, "user.messageCount", "user", (input) => messageCount(ctx, input));
}
