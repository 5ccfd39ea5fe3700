import { readFileSync } from "node:fs";
import { MessageKey } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { definedHere, endpoints, schemas } from "./index";
import type { EndpointName } from "./index";

const names = Object.keys(endpoints) as EndpointName[];

/** Spec §7, call by call, as it writes them. */
const specCalls = [
  "POST /auth/h5/token/new/clientId",
  "POST /auth/h5/token/new/refresh",
  "POST /auth/app/getKey",
  "POST /auth/h5/token/new/sms",
  "POST /auth/h5/token/new/userPwd",
  "POST /auth/h5/token/new/identityCard",
  "POST /third/app/sms/sendValidateCode",
  "POST /user/app/register",
  "POST /user/app/reset/password",
  "POST /user/app/login/InfoLog",
  "POST /user/app/user/information/queryInfo",
  "POST /user/app/user/information/unreadTotal",
  "POST /user/app/user/information/modifyInfo",
  "POST /user/app/user/information/modifyBirthday",
  "POST /user/app/user/information/modifyBgImg",
  "POST /user/app/memberBenefits/queryMemberBenefits",
  "GET /user/app/memberBenefitsConfig/query",
  "POST /user/app/user/app/logoff",
  "POST /user/app/vip/good/list",
  "GET /user/app/activityPicture/memberCentrePictureAll",
  "POST /user/app/identityCard",
  "POST /user/app/open/vip/account",
  "POST /system/app/system/appModule/queryList",
  "GET /system/app/system/customService/callByType/PLATFORM",
  "POST /tracking/app/event/tracking/reportNew",
  "POST /trade/app/account/detail",
  "POST /trade/app/account/userSelfTransfer",
  "POST /trade/app/payee/create",
  "GET /trade/app/payee/cards",
  "POST /trade/app/payee/removeCard",
  "POST /trade/app/payee/updatePrimary",
  "GET /trade/app/tradePayConfig/getPayConfig",
  "GET /trade/app/tradeWithdrawConfig/getWithdrawConfig",
  "GET /trade/app/payee/withdrawalDetail",
  "POST /trade/app/payee/withdrawal",
  "GET /trade/app/payee/unfinishedWithdraw",
  "POST /trade/app/payee/withdrawEEPay",
  "GET /trade/app/payee/getDetailByOrderNum",
  "GET /trade/app/payee/confirmation",
  "POST /trade/app/order/userBillDetails",
  "GET /trade/app/order/detail/{id}",
  "GET /trade/app/order/detail",
  "GET /trade/app/order/list/unfinished",
  "PATCH /trade/app/order/cancel/questionnaire",
  "PATCH /trade/app/order/confirmation",
  "GET /trade/app/eepay/enterUrl",
  "GET /trade/app/eepay/balance",
  "POST /trade/app/recharge/rechargeGold",
  "POST /substance/app/classify/listForLimit",
  "POST /substance/app/substance-online/getVideoList",
  "POST /substance/app/substance-online/getInfoById",
  "POST /substance/app/substance-online/queryRecommendVideoByVideoId",
  "POST /substance/app/substance-online/getMyVideoList",
  "POST /substance/app/substance-online/browse/myVideo",
  "POST /substance/app/substance-online-createUser-info/info",
  "POST /substance/app/like/doLike",
  "POST /substance/app/substance-online-app-handle/collect",
  "POST /substance/app/substance-online-app-handle/cancelCollect",
  "POST /substance/app/substance-online-app-handle/doPlay",
  "POST /substance/app/substance-online/buy/video/account",
  "POST /substance/app/comment/longList",
  "POST /substance/app/comment/doComment",
  "POST /substance/app/comment/doLike",
  "POST /substance/app/comment/del",
  "POST /substance/app/favorite/getFavorite",
  "POST /substance/app/favorite/createFavorite",
  "POST /substance/app/favorite/updateFavorite",
  "POST /substance/app/favorite/deleteFavorite",
  "POST /substance/app/favorite/bindCollectByVideo",
  "POST /substance/app/favorite/unbindollectByVideo",
  "POST /substance/app/buyVideo/myBuyVideoList",
  "POST /substance/app/substanceTopic/list",
  "POST /substance/app/forward/doForward",
  "GET /marketing/app/activity/props/list",
  "GET /game/app/accountFlow/userBalance",
  "GET /game/app/game/indexData",
  "GET /game/app/game/h5EnterGameUrl",
  "GET /game/app/live/initial/starLiveSdk",
  "POST /contacts/app/follow/followUser",
  "POST /contacts/app/follow/unFollowUser",
  "POST /search/app/search/substance",
  "POST /search/app/search/user",
  "POST /search/app/watch/history/search",
  "POST /search/app/watch/history/delete",
  "POST /video/app/uploadSignUrl",
];

function issues(name: EndpointName, body: unknown): string[] {
  const result = schemas[name].request.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("the contract covers every endpoint", () => {
  it("has a request and a response schema for each name of the table, and no others", () => {
    expect(Object.keys(schemas).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(schemas[name].request, name).toBeInstanceOf(z.ZodType);
      expect(schemas[name].response, name).toBeInstanceOf(z.ZodType);
    }
  });

  it("has every call spec §7 lists, with its method, once", () => {
    const table = names.map((n) => `${endpoints[n].method} ${endpoints[n].path}`);
    expect(new Set(table).size).toBe(table.length);
    for (const call of specCalls) expect(table, call).toContain(call);
  });

  it("fills every path field from a request field", () => {
    for (const name of names) {
      for (const [, field] of endpoints[name].path.matchAll(/\{(\w+)\}/g)) {
        const shape = (schemas[name].request as unknown as { shape?: Record<string, unknown> }).shape;
        expect(shape && field ? Object.keys(shape) : [], name).toContain(field);
      }
    }
  });

  it("GET requests hold only values a query string can carry", () => {
    for (const name of names.filter((n) => endpoints[n].method === "GET")) {
      const shape = (schemas[name].request as unknown as { shape: Record<string, z.ZodType> }).shape;
      for (const [field, schema] of Object.entries(shape)) {
        const sample = schema.safeParse("text-123456");
        expect(sample.success || schema.safeParse(1).success, `${name}.${field}`).toBe(true);
      }
    }
  });

  it("the package README lists every definition this project made where the spec is open", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    for (const name of Object.keys(definedHere) as EndpointName[]) {
      expect(readme, name).toContain(`\`${name}\``);
      expect(readme, name).toContain(endpoints[name].path);
    }
  });
});

describe("validation answers with the spec's messages (spec §5)", () => {
  it("phones: empty and wrong numbers", () => {
    expect(issues("user.sendValidateCode", { phoneNumbers: "", type: "LOGIN" })).toEqual([
      MessageKey.phoneRequired,
    ]);
    expect(issues("user.sendValidateCode", { phoneNumbers: "1380000000", type: "LOGIN" })).toEqual([
      MessageKey.phoneInvalid,
    ]);
    expect(issues("user.sendValidateCode", { phoneNumbers: "138000000001", type: "LOGIN" })).toEqual([
      MessageKey.phoneInvalid,
    ]);
    expect(issues("user.sendValidateCode", { phoneNumbers: "12800000000", type: "LOGIN" })).toEqual([
      MessageKey.phoneInvalid,
    ]);
    expect(issues("user.sendValidateCode", { phoneNumbers: "13800000000", type: "LOGIN" })).toEqual([]);
    expect(issues("user.sendValidateCode", { phoneNumbers: "13800000000", type: "OTHER" })).toHaveLength(1);
  });

  it("SMS codes of register and reset are exactly four digits", () => {
    const base = { mobile: "13800000000", password: "x".repeat(344), sign: "abcdefgh" };
    expect(issues("user.resetPassword", { ...base, code: "123" })).toEqual([MessageKey.smsCodeFourDigits]);
    expect(issues("user.resetPassword", { ...base, code: "12345" })).toEqual([MessageKey.smsCodeFourDigits]);
    expect(issues("user.resetPassword", { ...base, code: "12a4" })).toEqual([MessageKey.smsCodeFourDigits]);
    expect(issues("user.resetPassword", { ...base, code: "1234" })).toEqual([]);
  });

  it("folder names: letters or Chinese characters, 2 to 16", () => {
    const name = (n: string) => issues("substance.createFavorite", { name: n });
    expect(name("")).toEqual([MessageKey.folderNameRequired]);
    expect(name("a")).toEqual([MessageKey.folderNameFormat]);
    expect(name("ab")).toEqual([]);
    expect(name("收藏")).toEqual([]);
    expect(name("a".repeat(16))).toEqual([]);
    expect(name("收".repeat(17))).toEqual([MessageKey.folderNameFormat]);
    expect(name("ab1")).toEqual([MessageKey.folderNameFormat]);
    expect(name("a b")).toEqual([MessageKey.folderNameFormat]);
  });

  it("comments: 1 to 500 characters as people count them", () => {
    const comment = (text: string) =>
      issues("substance.doComment", { commentContent: text, substanceId: "1" });
    expect(comment("   ")).toEqual([MessageKey.commentRequired]);
    expect(comment("好".repeat(500))).toEqual([]);
    expect(comment("🙂".repeat(500))).toEqual([]);
    expect(comment("好".repeat(501))).toHaveLength(1);
  });

  it("cancel reasons up to 50, introductions up to 800", () => {
    expect(issues("trade.cancelOrder", { orderNum: "R1234567", reason: "因".repeat(50) })).toEqual([]);
    expect(issues("trade.cancelOrder", { orderNum: "R1234567", reason: "因".repeat(51) })).toHaveLength(1);
    const video = { videoTitle: "t", watchLevel: "FREE" };
    expect(issues("substance.saveMyVideo", { ...video, introduction: "介".repeat(800) })).toEqual([]);
    expect(issues("substance.saveMyVideo", { ...video, introduction: "介".repeat(801) })).toHaveLength(1);
    expect(issues("substance.saveMyVideo", { ...video, videoTitle: " " })).toEqual([
      MessageKey.titleRequired,
    ]);
  });

  it("moving videos needs at least one video and a folder", () => {
    expect(issues("substance.bindCollect", { favoriteId: "1", substanceIds: [] })).toEqual([
      MessageKey.chooseVideo,
    ]);
    expect(issues("substance.bindCollect", { substanceIds: ["1"] })).toHaveLength(1);
    expect(issues("substance.bindCollect", { favoriteId: "1", substanceIds: ["1", 2] })).toEqual([]);
  });

  it("money is whole hundredths, never negative or fractional", () => {
    expect(issues("trade.rechargeGold", { amount: 10000, payMethod: "EE_PAY" })).toEqual([]);
    expect(issues("trade.rechargeGold", { amount: 100.5, payMethod: "EE_PAY" })).toHaveLength(1);
    expect(issues("trade.rechargeGold", { amount: 0, payMethod: "EE_PAY" })).toHaveLength(1);
    expect(issues("trade.rechargeGold", { amount: -1, payMethod: "EE_PAY" })).toHaveLength(1);
    expect(issues("trade.rechargeGold", { amount: 100, payMethod: "CASH" })).toHaveLength(1);
  });

  it("a few rules of the calls' own", () => {
    expect(issues("user.modifyInfo", {})).toEqual(["nothing to change"]);
    expect(issues("user.modifyInfo", { gender: "FEMALE" })).toEqual([]);
    expect(issues("search.deleteWatchHistory", {})).toEqual(["choose history to delete"]);
    expect(issues("search.deleteWatchHistory", { all: true })).toEqual([]);
    expect(issues("trade.userSelfTransfer", { fromType: "GOLD", toType: "GOLD", amount: 1 })).toEqual([
      "transfers go between gold and the wallet, or gold and the game balance",
    ]);
    // The game balance trades with gold only (decision 0021).
    expect(issues("trade.userSelfTransfer", { fromType: "WALLET", toType: "GAME", amount: 1 })).toHaveLength(
      1,
    );
    expect(issues("trade.userSelfTransfer", { fromType: "GAME", toType: "GOLD", amount: 1 })).toEqual([]);
    expect(
      issues("tracking.reportNew", {
        userId: null,
        channelTagId: "0",
        timestamp: 1_700_000_000_000,
        event: "e",
        referrer: "",
        page: "/",
        data: "{",
      }),
    ).toEqual(["data must be a JSON string of storable text, nested at most 16 deep"]);
    expect(
      issues("auth.tokenRefresh", { refresh_token: "r", grant_type: "password", scope: "server" }),
    ).toHaveLength(1);
    expect(issues("user.logoff", { agreementAccepted: false, code: "1234" })).toHaveLength(1);
    expect(issues("user.changePassword", { sign: "s".repeat(32), password: "QUJD".repeat(43) })).toHaveLength(
      1,
    );
    expect(issues("user.messageRead", { ids: ["1"], all: true })).toHaveLength(1);
  });

  it("defaults fill what callers may leave out", () => {
    const page = schemas["substance.getVideoList"].request.parse({});
    expect(page).toMatchObject({
      current: 1,
      size: 10,
      price: "all",
      sort: "default",
      duration: "all",
      tag: null,
    });
    const comments = schemas["substance.commentList"].request.parse({ substanceId: "1" });
    expect(comments).toEqual({
      childSize: 2,
      current: 1,
      size: 10,
      sessionId: "",
      sortRule: 0,
      substanceId: "1",
    });
  });
});

describe("the boundary refuses what could reach a query badly (Step 8)", () => {
  it("ids are safe positive integers, as numbers or digits, read as canonical text", () => {
    const id = (value: unknown) => schemas["substance.getInfoById"].request.safeParse({ id: value });
    expect(id("42").data).toEqual({ id: "42" });
    expect(id(42).data).toEqual({ id: "42" });
    expect(id(" 007 ").data).toEqual({ id: "7" });
    expect(id(String(Number.MAX_SAFE_INTEGER)).data).toEqual({ id: String(Number.MAX_SAFE_INTEGER) });
    for (const bad of [
      "abc",
      "1.5",
      "1e20",
      "-1",
      "0",
      "",
      "9007199254740993",
      "0x10",
      1.5,
      1e20,
      -5,
      0,
      null,
      true,
    ]) {
      expect(id(bad).success, String(bad)).toBe(false);
    }
  });

  it("channel ids are safe integers from 0 (the main site), as numbers or digits", () => {
    const channel = (value: unknown) =>
      schemas["substance.channelInfo"].request.safeParse({ channelTagId: value });
    expect(channel("0").data).toEqual({ channelTagId: "0" });
    expect(channel(0).data).toEqual({ channelTagId: "0" });
    expect(channel(" 002 ").data).toEqual({ channelTagId: "2" });
    expect(channel(String(Number.MAX_SAFE_INTEGER)).data).toEqual({
      channelTagId: String(Number.MAX_SAFE_INTEGER),
    });
    for (const bad of ["abc", "1.5", "1e20", "-1", "", "9007199254740993", "0x10", 1.5, -1, null, true]) {
      expect(channel(bad).success, String(bad)).toBe(false);
    }
    expect(channel(undefined).success).toBe(false);
  });

  it("no text holds NUL, control characters or lone surrogates; one-line text has no line breaks", () => {
    const nick = (nickName: string) => issues("user.modifyInfo", { nickName });
    expect(nick("小明")).toEqual([]);
    // C1 controls and the bidirectional overrides and isolates too (`\u202E` would show a name
    // or a message backwards, passing for another).
    for (const bad of [
      "a\u0000b",
      "a\u0007",
      "a\nb",
      "a\u007f",
      "a\u0085b",
      "abc\u202Edef",
      "\u2066x",
      "a\ud800b",
      "\udc00",
    ]) {
      expect(nick(bad), JSON.stringify(bad)).toHaveLength(1);
    }
    const comment = (commentContent: string) =>
      issues("substance.doComment", { commentContent, substanceId: "1" });
    expect(comment("第一行\n第二行\t!")).toEqual([]);
    expect(comment("a\u0000")).toHaveLength(1);
    // What shows nothing is no message: zero-width spaces and joiners, word joiners, BOMs at the
    // ends are trimmed like spaces; inside an emoji sequence a joiner stays.
    for (const blank of ["\u200B\u200B", " \u2060\uFEFF ", "\u200D"])
      expect(comment(blank), JSON.stringify(blank)).toHaveLength(1);
    expect(
      schemas["substance.doComment"].request.parse({ commentContent: "\u200B好\u200B", substanceId: "1" }),
    ).toMatchObject({ commentContent: "好" });
    expect(comment("👩\u200D💻")).toEqual([]);
    expect(issues("game.liveChatSend", { roomId: "1", content: "\u200B" })).toHaveLength(1);
    expect(issues("game.liveSaveRoom", { title: "\u200B", watchLevel: "FREE" })).toHaveLength(1);
    expect(issues("search.substance", { keyword: "x\u0000" })).toHaveLength(1);
    expect(issues("auth.tokenIdentityCard", { cardId: "c\u0000", secret: "s".repeat(20) })).toHaveLength(1);
  });

  it("numbers are bounded: pages, play counts, event times", () => {
    expect(issues("substance.getVideoList", { current: 10_000 })).toEqual([]);
    expect(issues("substance.getVideoList", { current: 10_001 })).toHaveLength(1);
    const play = { onlineId: "1", seenMs: 1000 };
    expect(issues("substance.doPlay", { ...play, renewCount: 2 ** 31 - 1 })).toEqual([]);
    expect(issues("substance.doPlay", { ...play, renewCount: 2 ** 31 })).toHaveLength(1);
    const event = { userId: null, channelTagId: "0", event: "e", referrer: "", page: "/", data: "{}" };
    expect(issues("tracking.reportNew", { ...event, timestamp: 1_700_000_000_000 })).toEqual([]);
    expect(issues("tracking.reportNew", { ...event, timestamp: 8_640_000_000_000_001 })).toHaveLength(1);
    expect(issues("tracking.reportNew", { ...event, timestamp: 1 })).toHaveLength(1);
    const data = (text: string) =>
      issues("tracking.reportNew", { ...event, timestamp: 1_700_000_000_000, data: text });
    expect(data(JSON.stringify({ a: ["x"] }))).toEqual([]);
    expect(data(JSON.stringify({ a: "x\u0000" }))).toHaveLength(1);
    expect(data(JSON.stringify({ "k\u0000": 1 }))).toHaveLength(1);
    expect(data("[".repeat(20) + "]".repeat(20))).toHaveLength(1);
  });
});
