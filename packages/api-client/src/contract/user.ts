import { Gender, SmsCodeType, SvipPurchaseType, limits } from "@platform/domain";
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
  isVip: z.boolean(),
  isPermanent: z.boolean(),
  remainDays: z.number().int().min(0),
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
    request: z.object({ agreementAccepted: z.literal(true) }),
    response: ZNone,
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
