/**
 * Every call of spec §7: its method, its path under `/api`, and the transport rules it follows.
 * This table is plain data so the browser bundle carries it without any schema code; the schemas of
 * the same names live in `@platform/api-client/contract`, and a type check keeps the two in step.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How a call is sent (spec §6, §7):
 * - `token`: a token endpoint — params encrypted into one `req` field with `curtime`, a `Basic`
 *   client header, no bearer token, no `time-zone` (the "login calls"); they do carry `language`
 *   (decision 0012: spec §7 leaves it out, but a refusal must be in the person's language);
 * - `anonymous`: register and reset password — no bearer token (spec §6);
 * - `customerService`: no `register-platform-id`, `platform` or `channelTagId`;
 * - `product` (the default): every header of spec §7.
 */
export type CallKind = "token" | "anonymous" | "customerService" | "product";

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Path under the API base; `{field}` is filled from the request field of that name. */
  readonly path: string;
  readonly kind?: CallKind;
  /** A new first-page request (`current` 1) aborts the earlier in-flight one (spec §7). */
  readonly firstPageCancels?: true;
  /** Moves money: sent with an `Idempotency-Key` header so a retry never charges twice. */
  readonly money?: true;
}

export const endpoints = {
  // ── auth ────────────────────────────────────────────────────────────────────────────────────
  "auth.getKey": { method: "POST", path: "/auth/app/getKey" },
  "auth.tokenClientId": { method: "POST", path: "/auth/h5/token/new/clientId", kind: "token" },
  "auth.tokenRefresh": { method: "POST", path: "/auth/h5/token/new/refresh", kind: "token" },
  "auth.tokenRevoke": { method: "POST", path: "/auth/h5/token/revoke", kind: "token" },
  "auth.tokenSms": { method: "POST", path: "/auth/h5/token/new/sms", kind: "token" },
  "auth.tokenUserPwd": { method: "POST", path: "/auth/h5/token/new/userPwd", kind: "token" },
  "auth.tokenIdentityCard": {
    method: "POST",
    path: "/auth/h5/token/new/identityCard",
    kind: "token",
  },

  // ── user ────────────────────────────────────────────────────────────────────────────────────
  "user.sendValidateCode": { method: "POST", path: "/third/app/sms/sendValidateCode" },
  "user.register": { method: "POST", path: "/user/app/register", kind: "anonymous" },
  "user.resetPassword": { method: "POST", path: "/user/app/reset/password", kind: "anonymous" },
  "user.loginInfoLog": { method: "POST", path: "/user/app/login/InfoLog" },
  "user.queryInfo": { method: "POST", path: "/user/app/user/information/queryInfo" },
  "user.unreadTotal": { method: "POST", path: "/user/app/user/information/unreadTotal" },
  "user.modifyInfo": { method: "POST", path: "/user/app/user/information/modifyInfo" },
  "user.modifyBirthday": { method: "POST", path: "/user/app/user/information/modifyBirthday" },
  "user.modifyBgImg": { method: "POST", path: "/user/app/user/information/modifyBgImg" },
  "user.queryMemberBenefits": { method: "POST", path: "/user/app/memberBenefits/queryMemberBenefits" },
  "user.memberBenefitsConfig": { method: "GET", path: "/user/app/memberBenefitsConfig/query" },
  "user.logoff": { method: "POST", path: "/user/app/user/app/logoff" },
  "user.logoffCheck": { method: "POST", path: "/user/app/user/app/logoffCheck" },
  "user.modifyAvatar": { method: "POST", path: "/user/app/user/information/modifyAvatar" },
  "user.changePassword": { method: "POST", path: "/user/app/user/security/changePassword" },
  "user.verifyPhone": { method: "POST", path: "/user/app/user/security/verifyPhone" },
  "user.changePhone": { method: "POST", path: "/user/app/user/security/changePhone" },
  "user.signOutOthers": { method: "POST", path: "/user/app/user/security/signOutOthers" },
  "user.messageList": { method: "POST", path: "/user/app/message/list" },
  "user.messageRead": { method: "POST", path: "/user/app/message/read" },
  "user.messageSettings": { method: "POST", path: "/user/app/message/settings" },
  "user.saveMessageSettings": { method: "POST", path: "/user/app/message/settings/save" },
  "user.vipGoodList": { method: "POST", path: "/user/app/vip/good/list" },
  "user.memberCentrePictures": {
    method: "GET",
    path: "/user/app/activityPicture/memberCentrePictureAll",
  },
  "user.identityCard": { method: "POST", path: "/user/app/identityCard" },
  "user.openVipAccount": { method: "POST", path: "/user/app/open/vip/account", money: true },
  "user.userInfo": { method: "POST", path: "/user/app/user/information/userInfo" },
  "user.messageCount": { method: "POST", path: "/user/app/message/count" },

  // ── system ──────────────────────────────────────────────────────────────────────────────────
  "system.appModules": { method: "POST", path: "/system/app/system/appModule/queryList" },
  "system.customService": {
    method: "GET",
    path: "/system/app/system/customService/callByType/PLATFORM",
    kind: "customerService",
  },
  "system.menuConfig": { method: "POST", path: "/system/app/system/menuConfig/list" },
  "system.report": { method: "POST", path: "/system/app/report/create" },

  // ── tracking ────────────────────────────────────────────────────────────────────────────────
  "tracking.reportNew": { method: "POST", path: "/tracking/app/event/tracking/reportNew" },

  // ── trade ───────────────────────────────────────────────────────────────────────────────────
  "trade.accountDetail": { method: "POST", path: "/trade/app/account/detail" },
  "trade.userSelfTransfer": { method: "POST", path: "/trade/app/account/userSelfTransfer", money: true },
  "trade.createPayee": { method: "POST", path: "/trade/app/payee/create" },
  "trade.payeeCards": { method: "GET", path: "/trade/app/payee/cards" },
  "trade.removeCard": { method: "POST", path: "/trade/app/payee/removeCard" },
  "trade.updatePrimary": { method: "POST", path: "/trade/app/payee/updatePrimary" },
  "trade.payConfig": { method: "GET", path: "/trade/app/tradePayConfig/getPayConfig" },
  "trade.withdrawConfig": {
    method: "GET",
    path: "/trade/app/tradeWithdrawConfig/getWithdrawConfig",
  },
  "trade.withdrawalDetail": { method: "GET", path: "/trade/app/payee/withdrawalDetail" },
  "trade.withdrawal": { method: "POST", path: "/trade/app/payee/withdrawal", money: true },
  "trade.unfinishedWithdraw": { method: "GET", path: "/trade/app/payee/unfinishedWithdraw" },
  "trade.withdrawEEPay": { method: "POST", path: "/trade/app/payee/withdrawEEPay", money: true },
  "trade.withdrawByOrderNum": { method: "GET", path: "/trade/app/payee/getDetailByOrderNum" },
  "trade.confirmReceived": { method: "GET", path: "/trade/app/payee/confirmation" },
  "trade.urgeWithdraw": { method: "PATCH", path: "/trade/app/payee/urge" },
  "trade.userBillDetails": { method: "POST", path: "/trade/app/order/userBillDetails" },
  "trade.orderDetailById": { method: "GET", path: "/trade/app/order/detail/{id}" },
  "trade.orderDetail": { method: "GET", path: "/trade/app/order/detail" },
  "trade.unfinishedOrders": { method: "GET", path: "/trade/app/order/list/unfinished" },
  "trade.cancelOrder": { method: "PATCH", path: "/trade/app/order/cancel/questionnaire" },
  "trade.confirmPaid": { method: "PATCH", path: "/trade/app/order/confirmation" },
  "trade.eepayEnterUrl": { method: "GET", path: "/trade/app/eepay/enterUrl" },
  "trade.eepayBalance": { method: "GET", path: "/trade/app/eepay/balance" },
  "trade.rechargeGold": { method: "POST", path: "/trade/app/recharge/rechargeGold", money: true },
  "trade.statement": { method: "POST", path: "/trade/app/account/statement" },

  // ── substance (video) ───────────────────────────────────────────────────────────────────────
  "substance.classifyList": { method: "POST", path: "/substance/app/classify/listForLimit" },
  "substance.getVideoList": {
    method: "POST",
    path: "/substance/app/substance-online/getVideoList",
    firstPageCancels: true,
  },
  "substance.getInfoById": { method: "POST", path: "/substance/app/substance-online/getInfoById" },
  "substance.trendList": { method: "POST", path: "/substance/app/substance-online/trendList" },
  "substance.recommendByVideoId": {
    method: "POST",
    path: "/substance/app/substance-online/queryRecommendVideoByVideoId",
  },
  "substance.getMyVideoList": { method: "POST", path: "/substance/app/substance-online/getMyVideoList" },
  "substance.browseMyVideo": { method: "POST", path: "/substance/app/substance-online/browse/myVideo" },
  "substance.saveMyVideo": { method: "POST", path: "/substance/app/substance-online/saveMyVideo" },
  "substance.deleteMyVideo": { method: "POST", path: "/substance/app/substance-online/deleteMyVideo" },
  "substance.creationConfig": { method: "GET", path: "/substance/app/substance-online/creationConfig" },
  "substance.creatorEarnings": { method: "GET", path: "/substance/app/substance-online/creatorEarnings" },
  "substance.authorInfo": { method: "POST", path: "/substance/app/substance-online-createUser-info/info" },
  "substance.doLike": { method: "POST", path: "/substance/app/like/doLike" },
  "substance.collect": { method: "POST", path: "/substance/app/substance-online-app-handle/collect" },
  "substance.cancelCollect": {
    method: "POST",
    path: "/substance/app/substance-online-app-handle/cancelCollect",
  },
  "substance.collectList": {
    method: "POST",
    path: "/substance/app/substance-online-app-handle/collectList",
  },
  "substance.doPlay": { method: "POST", path: "/substance/app/substance-online-app-handle/doPlay" },
  "substance.buyVideo": {
    method: "POST",
    path: "/substance/app/substance-online/buy/video/account",
    money: true,
  },
  "substance.commentList": { method: "POST", path: "/substance/app/comment/longList" },
  "substance.doComment": { method: "POST", path: "/substance/app/comment/doComment" },
  "substance.likeComment": { method: "POST", path: "/substance/app/comment/doLike" },
  "substance.deleteComment": { method: "POST", path: "/substance/app/comment/del" },
  "substance.getFavorite": { method: "POST", path: "/substance/app/favorite/getFavorite" },
  "substance.createFavorite": { method: "POST", path: "/substance/app/favorite/createFavorite" },
  "substance.updateFavorite": { method: "POST", path: "/substance/app/favorite/updateFavorite" },
  "substance.deleteFavorite": { method: "POST", path: "/substance/app/favorite/deleteFavorite" },
  "substance.bindCollect": { method: "POST", path: "/substance/app/favorite/bindCollectByVideo" },
  "substance.unbindCollect": { method: "POST", path: "/substance/app/favorite/unbindollectByVideo" },
  "substance.myBuyVideoList": { method: "POST", path: "/substance/app/buyVideo/myBuyVideoList" },
  "substance.topicList": { method: "POST", path: "/substance/app/substanceTopic/list" },
  "substance.doForward": { method: "POST", path: "/substance/app/forward/doForward" },
  "substance.channelInfo": { method: "GET", path: "/substance/app/channel/info" },

  // ── panel, game, social, search, upload ─────────────────────────────────────────────────────
  "marketing.propsList": { method: "GET", path: "/marketing/app/activity/props/list" },
  "game.userBalance": { method: "GET", path: "/game/app/accountFlow/userBalance" },
  "game.indexData": { method: "GET", path: "/game/app/game/indexData" },
  "game.enterGameUrl": { method: "GET", path: "/game/app/game/h5EnterGameUrl" },
  "game.starLiveSdk": { method: "GET", path: "/game/app/live/initial/starLiveSdk" },
  "game.liveRoom": { method: "GET", path: "/game/app/live/room/detail" },
  "game.liveMyRoom": { method: "POST", path: "/game/app/live/room/mine" },
  "game.liveSaveRoom": { method: "POST", path: "/game/app/live/room/save" },
  "game.liveResetKey": { method: "POST", path: "/game/app/live/room/resetKey" },
  "game.liveBuyTicket": { method: "POST", path: "/game/app/live/room/buyTicket", money: true },
  "game.liveChatSend": { method: "POST", path: "/game/app/live/chat/send" },
  "game.liveChatRemove": { method: "POST", path: "/game/app/live/chat/remove" },
  "contacts.follow": { method: "POST", path: "/contacts/app/follow/followUser" },
  "contacts.unfollow": { method: "POST", path: "/contacts/app/follow/unFollowUser" },
  "search.substance": { method: "POST", path: "/search/app/search/substance", firstPageCancels: true },
  "search.user": { method: "POST", path: "/search/app/search/user" },
  "search.hotTags": { method: "GET", path: "/search/app/search/hotTags" },
  "search.watchHistory": { method: "POST", path: "/search/app/watch/history/search" },
  "search.deleteWatchHistory": { method: "POST", path: "/search/app/watch/history/delete" },
  "upload.signUrl": { method: "POST", path: "/video/app/uploadSignUrl" },
  "upload.resume": { method: "POST", path: "/video/app/upload/resume" },
  "upload.partDone": { method: "POST", path: "/video/app/upload/partDone" },
  "upload.complete": { method: "POST", path: "/video/app/upload/complete" },
  "upload.abort": { method: "POST", path: "/video/app/upload/abort" },
  "upload.usage": { method: "GET", path: "/video/app/upload/usage" },
} as const satisfies Readonly<Record<string, EndpointDef>>;

export type EndpointName = keyof typeof endpoints;
