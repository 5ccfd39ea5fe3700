import { SmsCodeType, locale } from "@platform/domain";
import type { ApiClient } from "./client";
import type { CallOptions } from "./client-options";
import type { Credentials } from "./types";

/**
 * The multi-call flows of signing in (docs/architecture.md, "Login"): each saves the credentials it gets,
 * so the next call already carries the new token.
 */
export interface SessionFlows {
  /** getKey → RSA-OAEP(password) → userPwd token. */
  loginWithPassword(input: { phone: string; password: string }, options?: CallOptions): Promise<Credentials>;
  /** sms token with the code the person received (send it with `sendSmsCode`). */
  loginWithSms(
    input: { phone: string; code: string; inviteCode?: string },
    options?: CallOptions,
  ): Promise<Credentials>;
  /** identityCard token with the params decoded from the card's QR code (a JSON text). */
  loginWithIdentityCard(qrContent: string, options?: CallOptions): Promise<Credentials>;
  /** A guest session for the public pages (clientId token; no user). */
  loginAsGuest(options?: CallOptions): Promise<Credentials>;
  sendSmsCode(phone: string, type?: SmsCodeType, options?: CallOptions): Promise<void>;
  register(
    input: { phone: string; code: string; password: string; inviteCode?: string },
    options?: CallOptions,
  ): Promise<void>;
  resetPassword(
    input: { phone: string; code: string; password: string },
    options?: CallOptions,
  ): Promise<void>;
  /**
   * getKey → RSA-OAEP(new password, and the old one if given) → changePassword. Give the old
   * password, or a PASSWORD code sent to one's own phone (accounts without a password set one so).
   */
  changePassword(
    input: { password: string } & ({ oldPassword: string } | { code: string }),
    options?: CallOptions,
  ): Promise<void>;
}

/** The QR content of an identity card is not the JSON the login needs. */
export class InvalidIdentityCardError extends Error {
  override readonly name = "InvalidIdentityCardError";
}

function parseIdentityCard(text: string): { cardId: string; secret: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidIdentityCardError("the QR code is not an identity card");
  }
  if (typeof value === "object" && value !== null) {
    const { cardId, secret } = value as Record<string, unknown>;
    if (typeof cardId === "string" && typeof secret === "string") return { cardId, secret };
  }
  throw new InvalidIdentityCardError("the QR code is not an identity card");
}

/** Every phone login says where the number is from (spec §9: CN, +86). */
const country = { mobileCountryCode: locale.mobileCountryCode, countryCode: locale.countryCode };

export function sessionFlows(client: ApiClient): SessionFlows {
  const channelTagId = () => String(client.userInfo?.channelTagId ?? locale.defaultChannelTagId);
  const sealed = async (password: string, options?: CallOptions) => {
    const { key, sign } = await client.call("auth.getKey", {}, options);
    const { encryptPassword } = await import("./crypto");
    return { password: await encryptPassword(password, key), sign };
  };
  const keep = (credentials: Credentials) => {
    client.saveCredentials(credentials);
    return credentials;
  };
  return {
    async loginWithPassword({ phone, password }, options) {
      const secret = await sealed(password, options);
      return keep(
        await client.call("auth.tokenUserPwd", { username: phone.trim(), ...secret, ...country }, options),
      );
    },
    async loginWithSms({ phone, code, inviteCode }, options) {
      const request = {
        mobile: phone.trim(),
        code: code.trim(),
        channelTagId: channelTagId(),
        clientId: client.clientId,
        ...(inviteCode ? { inviteCode } : {}),
        ...country,
      };
      return keep(await client.call("auth.tokenSms", request, options));
    },
    async loginWithIdentityCard(qrContent, options) {
      return keep(await client.call("auth.tokenIdentityCard", parseIdentityCard(qrContent), options));
    },
    async loginAsGuest(options) {
      return keep(
        await client.call(
          "auth.tokenClientId",
          { clientId: client.clientId, channelTagId: channelTagId() },
          options,
        ),
      );
    },
    async sendSmsCode(phone, type = SmsCodeType.LOGIN, options) {
      await client.call("user.sendValidateCode", { phoneNumbers: phone.trim(), type }, options);
    },
    async register({ phone, code, password, inviteCode }, options) {
      const secret = await sealed(password, options);
      await client.call(
        "user.register",
        {
          mobile: phone.trim(),
          code: code.trim(),
          channelTagId: channelTagId(),
          clientId: client.clientId,
          platform: "H5",
          ...(inviteCode ? { inviteCode } : {}),
          ...secret,
        },
        options,
      );
    },
    async changePassword(input, options) {
      const { key, sign } = await client.call("auth.getKey", {}, options);
      const { encryptPassword } = await import("./crypto");
      const password = await encryptPassword(input.password, key);
      const proof =
        "oldPassword" in input
          ? { oldPassword: await encryptPassword(input.oldPassword, key) }
          : { code: input.code.trim() };
      await client.call("user.changePassword", { sign, password, ...proof }, options);
    },
    async resetPassword({ phone, code, password }, options) {
      const secret = await sealed(password, options);
      await client.call(
        "user.resetPassword",
        { mobile: phone.trim(), code: code.trim(), ...secret },
        options,
      );
    },
  };
}
