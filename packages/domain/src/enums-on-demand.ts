/**
 * The enumerations of spec §3 that only screens loaded on demand read (the navigation map's links,
 * the profile's gender, the message centre's kinds) — the server too. A module of their own: the
 * shared chunk of every page's first load holds `enums.ts`, and a bundler keeps a module whole, so
 * an enumeration there costs every page its bytes once any lazy screen uses it.
 */
import { valuesOf } from "./values";

/** Where an internal link opens: in the app, or at an outside address. */
export const LinkTarget = { INNER_LINK: "INNER_LINK", OUTER_LINK: "OUTER_LINK" } as const;
export type LinkTarget = (typeof LinkTarget)[keyof typeof LinkTarget];
export const linkTargets = /* @__PURE__ */ valuesOf(LinkTarget);

/** Types of the product's internal links (banners, menus, messages). */
export const InternalLinkType = {
  LINK: "LINK",
  ROUTER: "ROUTER",
  GAME: "GAME",
  VIDEO: "VIDEO",
  VIP: "VIP",
  GOLD: "GOLD",
  NATIONAL_AGENT: "NATIONAL_AGENT",
  BIND_MOBILE_WELFARE: "BIND_MOBILE_WELFARE",
  CONDO: "CONDO",
  FRIEND_APP: "FRIEND_APP",
} as const;
export type InternalLinkType = (typeof InternalLinkType)[keyof typeof InternalLinkType];
export const internalLinkTypes = /* @__PURE__ */ valuesOf(InternalLinkType);

export const Gender = { MALE: "MALE", FEMALE: "FEMALE", SECRET: "SECRET" } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const genders = /* @__PURE__ */ valuesOf(Gender);

/**
 * What a message of the message centre is about (Step 15): each is stored as its kind with
 * parameters and worded in the reader's language by the app. Each kind can be turned off in
 * /messagesettings.
 */
export const MessageKind = {
  /** The reader bought a video. */
  PURCHASE: "PURCHASE",
  /** A withdrawal of the reader's was paid out or failed. */
  WITHDRAW_SETTLED: "WITHDRAW_SETTLED",
  /** A video of the reader's was published or refused by review. */
  VIDEO_REVIEW: "VIDEO_REVIEW",
  /** Someone replied to the reader's comment. */
  COMMENT_REPLY: "COMMENT_REPLY",
} as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];
export const messageKinds = /* @__PURE__ */ valuesOf(MessageKind);
