import {
  GameRoundOutcome,
  Gender,
  MessageKind,
  ReportTarget,
  SmsCodeType,
  SvipPurchaseType,
  limits,
} from "@platform/domain";
import { z } from "zod";
import { ZClientId } from "./auth";
import {
  ZChannelTagId,
  ZDateTime,
  ZEmpty,
  ZEncryptedPassword,
  ZGender,
  ZHundredths,
  ZId,
  ZNone,
  ZPhone,
  ZSign,
  ZLine,
  ZSmsCode,
  ZText,
  ZJumpPicture,
  ZPage,
  ZPageRequest,
} from "./common";

/** The signed-in user's own profile (spec §3 Profile). */
export const ZProfile = z.object({
  userId: ZId,
  nickName: z.string(),
  gender: ZGender,
  birthday: z.string().nullable(),
  area: z.string().nullable(),
  avatarFileUrl: z.string().nullable(),
  bgImgFileUrl: z.string().nullable(),
  mobile: z.string(),
  memberId: z.string(),
  username: z.string(),
  identityCardId: z.string().nullable(),
  channelTagId: z.string(),
  introduction: z.string().nullable(),
  /** False for accounts made by SMS sign-in that never set one (/editpassword then sets it by code). */
  hasPassword: z.boolean(),
  isVip: z.boolean(),
  isPermanent: z.boolean(),
  remainDays: z.number().int().min(0),
});

/** What a message of the message centre says (Step 15): its kind and parameters; the app words it. */
export const ZMessageBody = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal(MessageKind.PURCHASE),
    params: z.object({ videoId: ZId, videoTitle: z.string(), amount: ZHundredths }),
  }),
  z.object({
    kind: z.literal(MessageKind.PURCHASE_REFUND),
    params: z.object({ videoId: ZId, videoTitle: z.string(), amount: ZHundredths }),
  }),
  z.object({
    kind: z.literal(MessageKind.WITHDRAW_SETTLED),
    params: z.object({
      orderNum: z.string(),
      amount: ZHundredths,
      succeeded: z.boolean(),
      reason: z.string().nullable(),
    }),
  }),
  z.object({
    kind: z.literal(MessageKind.VIDEO_REVIEW),
    params: z.object({
      videoId: ZId,
      videoTitle: z.string(),
      approved: z.boolean(),
      reason: z.string().nullable(),
    }),
  }),
  z.object({
    kind: z.literal(MessageKind.COMMENT_REPLY),
    params: z.object({
      videoId: ZId,
      videoTitle: z.string(),
      commentId: ZId,
      replierName: z.string(),
      excerpt: z.string(),
    }),
  }),
  z.object({
    kind: z.literal(MessageKind.GAME_ROUND),
    params: z.object({
      gameName: z.string(),
      gameNameEn: z.string(),
      stake: ZHundredths,
      amount: ZHundredths,
      outcome: z.enum(GameRoundOutcome),
    }),
  }),
  z.object({
    kind: z.literal(MessageKind.REPORT_OUTCOME),
    params: z.object({
      targetType: z.enum(ReportTarget),
      /** The reported thing as the reader saw it (a comment's first words, a title, a name). */
      summary: z.string(),
      resolution: z.enum(["REMOVED", "WARNED", "DISMISSED"]),
    }),
  }),
  z.object({
    kind: z.literal(MessageKind.MODERATION),
    params: z.object({
      targetType: z.enum(ReportTarget),
      summary: z.string(),
      action: z.enum(["REMOVED", "WARNED"]),
      reason: z.string(),
    }),
  }),
]);
export type MessageBody = z.infer<typeof ZMessageBody>;

/** A message as the list shows it. */
export const ZMessage = ZMessageBody.and(z.object({ id: ZId, read: z.boolean(), createTime: ZDateTime }));

/** Which kinds of message the person receives (all, until turned off). */
const ZMessageSettings = z.object({
  kinds: z.array(z.object({ kind: z.enum(MessageKind), enabled: z.boolean() })),
});

/** A user as the 'my' panel and other people see them (spec §3 user info, panel). */
export const ZPanelUserInfo = z.object({
  userId: ZId,
  nickName: z.string(),
  avatarFileUrl: z.string().nullable(),
  bgImgFileUrl: z.string().nullable(),
  memberId: z.string(),
  isVip: z.boolean(),
  isPermanent: z.boolean(),
  remainDays: z.number().int().min(0),
});

export const ZVipGood = z.object({
  id: ZId,
  name: z.string(),
  /** Days of membership bought; 0 means permanent. */
  days: z.number().int().min(0),
  amount: ZHundredths,
  /** The price before a promotion, for a struck-through display. */
  originalAmount: ZHundredths.nullable(),
  recommended: z.boolean(),
  /** The members' discount on paid videos in tenths (8: they pay 80 %, shown as 20 % off). */
  discount: z.number().min(0).max(10),
});

const ZNickName = ZLine(20).min(1);
const ZBirthday = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const userSchemas = {
  "user.sendValidateCode": {
    request: z.object({ phoneNumbers: ZPhone, type: z.enum(SmsCodeType) }),
    response: ZNone,
  },
  "user.register": {
    request: z.object({
      mobile: ZPhone,
      code: ZSmsCode,
      inviteCode: ZLine(32).optional(),
      channelTagId: ZChannelTagId,
      clientId: ZClientId,
      password: ZEncryptedPassword,
      platform: z.literal("H5"),
      sign: ZSign,
    }),
    response: ZNone,
  },
  "user.resetPassword": {
    request: z.object({ mobile: ZPhone, code: ZSmsCode, password: ZEncryptedPassword, sign: ZSign }),
    response: ZNone,
  },
  "user.loginInfoLog": {
    request: z.object({ platform: z.literal("H5"), userAgent: ZLine(512).optional() }),
    response: ZNone,
  },
  "user.queryInfo": { request: ZEmpty, response: ZProfile },
  "user.unreadTotal": { request: ZEmpty, response: z.object({ total: z.number().int().min(0) }) },
  "user.modifyInfo": {
    request: z
      .object({
        nickName: ZNickName.optional(),
        gender: z.enum(Gender).optional(),
        area: ZLine(64).optional(),
        introduction: ZText(limits.introductionMaxLength).optional(),
      })
      .refine((v) => Object.values(v as Record<string, unknown>).some((x) => x !== undefined), {
        error: "nothing to change",
      }),
    response: ZNone,
  },
  "user.modifyBirthday": { request: z.object({ birthday: ZBirthday }), response: ZNone },
  "user.modifyBgImg": {
    request: z.object({
      bgImgFilename: ZLine(256).min(1),
      bgImgBucket: ZLine(64).min(1),
    }),
    response: z.object({ bgImgFileUrl: z.string() }),
  },
  "user.queryMemberBenefits": {
    request: z.object({ userId: ZId }),
    response: z.object({
      isCommentEnabled: z.boolean(),
      isVip: z.boolean(),
      discount: z.number().nullable(),
    }),
  },
  "user.memberBenefitsConfig": {
    request: ZEmpty,
    response: z.array(
      z.object({
        key: z.string(),
        title: z.string(),
        description: z.string(),
        iconUrl: z.string().nullable(),
      }),
    ),
  },
  "user.logoff": {
    request: z.object({ agreementAccepted: z.literal(true), code: ZSmsCode }),
    response: ZNone,
  },
  /** What deleting the account would lose, and whether it can be deleted now. */
  "user.logoffCheck": {
    request: ZEmpty,
    response: z.object({
      gold: ZHundredths,
      wallet: ZHundredths,
      game: ZHundredths,
      /** Recharges paying or processing: the account cannot be deleted until they end. */
      unfinishedRecharges: z.number().int().min(0),
      /** Withdrawals not yet paid out or failed: likewise. */
      unfinishedWithdrawals: z.number().int().min(0),
      canLogoff: z.boolean(),
    }),
  },
  "user.modifyAvatar": {
    request: z.object({
      avatarFilename: ZLine(256).min(1),
      avatarBucket: ZLine(64).min(1),
    }),
    response: z.object({ avatarFileUrl: z.string() }),
  },
  /**
   * Change the password (the old one, sealed) or set it by an SMS code (PASSWORD) to one's phone:
   * exactly one of `oldPassword` and `code`. Every other session of the account is signed out.
   */
  "user.changePassword": {
    request: z
      .object({
        sign: ZSign,
        password: ZEncryptedPassword,
        oldPassword: ZEncryptedPassword.optional(),
        code: ZSmsCode.optional(),
      })
      .refine((v) => (v.oldPassword === undefined) !== (v.code === undefined), {
        error: "give the old password or a code, not both",
      }),
    response: ZNone,
  },
  /** The first step of a new phone: a code (PHONE_OLD) to today's phone answers a short-lived ticket. */
  "user.verifyPhone": {
    request: z.object({ code: ZSmsCode }),
    response: z.object({ ticket: z.string(), expiresInSeconds: z.number().int().min(1) }),
  },
  /** The second step (/bindphone): the ticket, the new number and its code (PHONE_NEW). */
  "user.changePhone": {
    request: z.object({ ticket: ZLine(256).min(1), mobile: ZPhone, code: ZSmsCode }),
    response: ZNone,
  },
  /** 'Sign out of all other devices': every other session of the account ends, and its identity card. */
  "user.signOutOthers": { request: ZEmpty, response: ZNone },
  "user.messageList": { request: ZPageRequest, response: ZPage(ZMessage) },
  /** Mark messages read: the ones named, or all of them. Answers what is still unread. */
  "user.messageRead": {
    request: z
      .object({ ids: z.array(ZId).min(1).max(50).optional(), all: z.literal(true).optional() })
      .refine((v) => (v.ids === undefined) !== (v.all === undefined), { error: "name messages or all" }),
    response: z.object({ total: z.number().int().min(0) }),
  },
  "user.messageSettings": { request: ZEmpty, response: ZMessageSettings },
  "user.saveMessageSettings": {
    request: z.object({ kind: z.enum(MessageKind), enabled: z.boolean() }),
    response: ZMessageSettings,
  },
  "user.vipGoodList": { request: ZEmpty, response: z.array(ZVipGood) },
  "user.memberCentrePictures": {
    request: ZEmpty,
    response: z.array(ZJumpPicture),
  },
  "user.identityCard": {
    request: z.object({ regenerate: z.boolean().default(false) }),
    response: z.object({
      cardId: z.string(),
      /** The JSON text to put in the QR code: the identityCard token call's params. */
      qrContent: z.string(),
      createTime: ZDateTime,
    }),
  },
  "user.openVipAccount": {
    request: z.object({ goodId: ZId, type: z.enum(SvipPurchaseType), payType: z.literal("GOLD") }),
    response: z.object({ isVip: z.boolean(), isPermanent: z.boolean(), remainDays: z.number().int().min(0) }),
  },
  "user.userInfo": { request: z.object({ userId: ZId }), response: ZPanelUserInfo },
  "user.messageCount": {
    request: z.object({ userId: ZId }),
    response: z.object({ total: z.number().int().min(0) }),
  },
} as const;
