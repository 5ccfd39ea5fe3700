import { locale } from "@platform/domain";
import { z } from "zod";
import {
  ZChannelTagId,
  ZCredentials,
  ZEmpty,
  ZEncryptedPassword,
  ZLine,
  ZNone,
  ZPhone,
  ZSign,
} from "./common";

const ZCountry = {
  mobileCountryCode: z.literal(locale.mobileCountryCode).default(locale.mobileCountryCode),
  countryCode: z.literal(locale.countryCode).default(locale.countryCode),
};

/** The OAuth client id of a front-end ("h5"). */
export const ZClientId = ZLine(64).min(2);

/** The content of an identity card's QR code: exactly the params of the identityCard token call. */
export const ZIdentityCardParams = z.object({
  cardId: ZLine(64).min(1),
  secret: ZLine(128).min(16),
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
      refresh_token: ZLine(256).min(1),
      grant_type: z.literal("refresh_token"),
      scope: z.literal("server"),
    }),
    response: ZCredentials,
  },
  /** Sign out on the server: the refresh token's whole family ends (an unknown token: the same answer). */
  "auth.tokenRevoke": {
    request: z.object({ refresh_token: ZLine(256).min(1) }),
    response: ZNone,
  },
  "auth.tokenSms": {
    request: z.object({
      mobile: ZPhone,
      code: ZLine(8).min(4),
      inviteCode: ZLine(32).optional(),
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
