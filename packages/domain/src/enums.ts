/**
 * The enumerations of spec §3 as typed constants: each is an object of its values (for code) and a
 * type of the same name (for signatures), plus the list of values (for validation and menus).
 */
import { valuesOf } from "./values";

/** Balances a user holds. GOLD (gold shells) is the one spent on videos. */
export const AccountType = { WALLET: "WALLET", GOLD: "GOLD" } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];
export const accountTypes = /* @__PURE__ */ valuesOf(AccountType);

export const ClientPlatform = { H5: "H5" } as const;
export type ClientPlatform = (typeof ClientPlatform)[keyof typeof ClientPlatform];

export const WatchLevel = { FREE: "FREE", SVIP: "SVIP", CHARGE: "CHARGE" } as const;
export type WatchLevel = (typeof WatchLevel)[keyof typeof WatchLevel];
export const watchLevels = /* @__PURE__ */ valuesOf(WatchLevel);

/** A promotion's jump: GOLD opens the trade page, LINK opens its address. */
export const PromotionJumpType = { GOLD: "GOLD", LINK: "LINK" } as const;
export type PromotionJumpType = (typeof PromotionJumpType)[keyof typeof PromotionJumpType];

/** What a report is about: a comment, a user's profile or a video (the Report menus). */
export const ReportTarget = { COMMENT: "COMMENT", USER: "USER", VIDEO: "VIDEO", LIVE: "LIVE" } as const;
export type ReportTarget = (typeof ReportTarget)[keyof typeof ReportTarget];
export const reportTargets = /* @__PURE__ */ valuesOf(ReportTarget);

/** Why: the reasons a report offers (the app shows each in both languages). */
export const ReportReason = {
  SPAM: "SPAM",
  ABUSE: "ABUSE",
  SEXUAL: "SEXUAL",
  ILLEGAL: "ILLEGAL",
  OTHER: "OTHER",
} as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];
export const reportReasons = /* @__PURE__ */ valuesOf(ReportReason);

/** Sections of the 'my' panel's menu configuration. */
export const MenuConfigType = {
  VIDEO: "VIDEO",
  ACCOUNT: "ACCOUNT",
  RECOMMEND: "RECOMMEND",
  MORE: "MORE",
} as const;
export type MenuConfigType = (typeof MenuConfigType)[keyof typeof MenuConfigType];
export const menuConfigTypes = /* @__PURE__ */ valuesOf(MenuConfigType);

export const OrderTab = { WITHDRAW_ORDER: "WITHDRAW_ORDER", RECHARGE_ORDER: "RECHARGE_ORDER" } as const;
export type OrderTab = (typeof OrderTab)[keyof typeof OrderTab];
export const orderTabs = /* @__PURE__ */ valuesOf(OrderTab);

export const CollectionTab = { ALL: "ALL", FAVORITES: "FAVORITES" } as const;
export type CollectionTab = (typeof CollectionTab)[keyof typeof CollectionTab];
export const collectionTabs = /* @__PURE__ */ valuesOf(CollectionTab);

/** Modes of the login popup; `codeLogin` is the default. */
export const LoginMode = { codeLogin: "codeLogin", login: "login", reg: "reg", reset: "reset" } as const;
export type LoginMode = (typeof LoginMode)[keyof typeof LoginMode];
export const loginModes = /* @__PURE__ */ valuesOf(LoginMode);

/**
 * What a verification code is for. PAYEE (adding a bank card) and WITHDRAW (every withdrawal) are
 * sent to the signed-in person's own phone (Step 11: money leaves only with a fresh code), and so
 * are the account's own changes (Step 15): PASSWORD (change or set the password by code),
 * PHONE_OLD (prove the phone of today before changing it) and LOGOFF (delete the account).
 * PHONE_NEW goes to the number replacing it, which no account may have (as REGISTER).
 */
export const SmsCodeType = {
  REGISTER: "REGISTER",
  LOGIN: "LOGIN",
  RESET: "RESET",
  PAYEE: "PAYEE",
  WITHDRAW: "WITHDRAW",
  PASSWORD: "PASSWORD",
  PHONE_OLD: "PHONE_OLD",
  PHONE_NEW: "PHONE_NEW",
  LOGOFF: "LOGOFF",
} as const;
export type SmsCodeType = (typeof SmsCodeType)[keyof typeof SmsCodeType];
export const smsCodeTypes = /* @__PURE__ */ valuesOf(SmsCodeType);

/** Stored under `language` in local storage; zhCN is the default. */
export const Language = { zhCN: "zhCN", enUS: "enUS" } as const;
export type Language = (typeof Language)[keyof typeof Language];
export const languages = /* @__PURE__ */ valuesOf(Language);
export const defaultLanguage: Language = Language.zhCN;

/**
 * The language a first visit reads, before any choice is stored: the browser's first preferred
 * language (`navigator.languages`), Chinese for zh-*, English for anything else; Chinese when the
 * browser names none. (The boot script in apps/h5 `src/boot/page.ts` does the same in plain JS.)
 */
export function browserLanguage(preferred: readonly string[] | undefined): Language {
  const first = preferred?.find((tag) => tag.trim() !== "");
  if (first === undefined) return defaultLanguage;
  return /^zh(-|_|$)/i.test(first.trim()) ? Language.zhCN : Language.enUS;
}

export const Theme = { dark: "dark", light: "light" } as const;
export type Theme = (typeof Theme)[keyof typeof Theme];
export const defaultTheme: Theme = Theme.dark;

/** Keys the product keeps in local storage (spec §3). */
export const StorageKey = {
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  userInfo: "userInfo",
  busPlatformId: "bus-platform-id",
  language: "language",
  logo: "logo",
  navigationSwitch: "navigationSwitch",
  /** The chosen theme (dark / light), kept across visits. */
  theme: "theme",
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** Narrow an unknown value to one of an enumeration's values. */
export function isOneOf<T extends string | number>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
