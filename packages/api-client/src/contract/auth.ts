import { locale } from "@platform/domain";
import { z } from "zod";
import { ZChannelTagId, ZCredentials, ZEmpty, ZEncryptedPassword, ZPhone, ZSign } from "./common";

const ZCountry = {
  mobileCountryCode: z.literal(locale.mobileCountryCode).default(locale.mobileCountryCode),
  countryCode: z.literal(locale.countryCode).default(locale.countryCode),
};

/** The OAuth client id of a front-end ("h5"). */
export const ZClientId = z.string().trim().min(2).max(64);

/** The content of an identity card's QR code: exactly the params of the identityCard token call. */
export const ZIdentityCardParams = z.object({
  cardId: z.string().min(1).max(64),
  secret: z.string().min(16).max(128),
});

export const authSchemas = {
  "auth.getKey": {
    request: ZEmpty,
    response: z.object({ key: z.string(), sign: z.string() }),
  },
  "auth.tokenClientId": {
    request: z.object({ clientId: ZClientId, channelTagId: ZChannelTagId }),
    response: ZCredentials,
  },
  "auth.tokenRefresh": {
    request: z.object({
      refresh_token: z.string().min(1).max(256),
      grant_type: z.literal("refresh_token"),
      scope: z.literal("server"),
    }),
    response: ZCredentials,
  },
  "auth.tokenSms": {
    request: z.object({
      mobile: ZPhone,
      code: z.string().trim().min(4).max(8),
      inviteCode: z.string().trim().max(32).optional(),
      channelTagId: ZChannelTagId,
      clientId: ZClientId,
      ...ZCountry,
    }),
    response: ZCredentials,
  },
  "auth.tokenUserPwd": {
    request: z.object({
      sign: ZSign,
      username: ZPhone,
      password: ZEncryptedPassword,
      ...ZCountry,
    }),
    response: ZCredentials,
  },
  "auth.tokenIdentityCard": {
    request: ZIdentityCardParams,
    response: ZCredentials,
  },
} as const;
