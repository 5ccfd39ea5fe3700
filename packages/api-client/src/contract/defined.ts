import type { EndpointName } from "../endpoints";

/**
 * Where the spec leaves a call's path, body or answer open ("path not shown", "response not
 * shown", "body not shown", or a call its wording implies), this project defined it. The package
 * README lists every one of these, and the server implements exactly them.
 */
export const definedHere = {
  "auth.tokenClientId": "body",
  "auth.tokenIdentityCard": "body",
  "user.loginInfoLog": "body",
  "user.unreadTotal": "response",
  "user.memberBenefitsConfig": "response",
  "user.logoff": "body",
  "user.vipGoodList": "response",
  "user.memberCentrePictures": "response",
  "user.identityCard": "body",
  "user.openVipAccount": "body",
  "user.userInfo": "path",
  "user.messageCount": "path",
  "system.appModules": "response",
  "system.menuConfig": "path",
  "system.report": "path",
  "trade.userSelfTransfer": "body",
  "trade.payConfig": "response",
  "trade.withdrawConfig": "response",
  "trade.withdrawalDetail": "response",
  "trade.withdrawal": "body",
  "trade.withdrawEEPay": "body",
  "trade.urgeWithdraw": "path",
  "trade.userBillDetails": "body",
  "trade.rechargeGold": "body",
  "trade.statement": "path",
  "substance.browseMyVideo": "body",
  "substance.saveMyVideo": "path",
  "substance.deleteMyVideo": "path",
  "substance.collectList": "path",
  "substance.channelInfo": "path",
  "game.indexData": "response",
  "game.enterGameUrl": "response",
  "game.starLiveSdk": "response",
  "search.hotTags": "path",
  "search.watchHistory": "body",
  "search.deleteWatchHistory": "body",
} as const satisfies Partial<Record<EndpointName, "path" | "body" | "response">>;
