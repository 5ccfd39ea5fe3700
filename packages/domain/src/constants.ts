/**
 * The business constants and limits of spec §9, in one place. Everything else in the product reads
 * them from here; a number written anywhere else is a bug. The presentation values (row heights,
 * panel timing, the QR scanner's frame) live with the components, in `@platform/ui`.
 */
export const limits = {
  /** Product calls time out after 30 s. */
  requestTimeoutMs: 30_000,
  /** Every response resolves no sooner than 300 ms after the call began. */
  minimumResponseMs: 300,
  /** After a token refresh the original request is replayed after 1 s. */
  refreshRetryDelayMs: 1_000,
  /** The SMS send button counts down 60 s before it can be pressed again. */
  smsResendSeconds: 60,

  phoneMaxLength: 11,
  passwordMinLength: 6,
  passwordMaxLength: 18,
  /** The 6-digit password of the set-password flows. */
  digitPasswordLength: 6,
  smsCodeLength: 4,
  /** Code login accepts a code of at least this many characters. */
  codeLoginMinLength: 4,
  commentMaxLength: 500,
  folderNameMinLength: 2,
  folderNameMaxLength: 16,
  introductionMaxLength: 800,
  /** Titles are advised, not forced, to stay within 20 characters. */
  titleAdvisedMaxLength: 20,
  /** A video's tags: at most this many, each at most videoTagMaxLength characters. */
  videoTagsMax: 10,
  videoTagMaxLength: 16,
  cancelReasonMaxLength: 50,

  commentPageSize: 10,
  /** Replies shown under each comment before "more". */
  commentRepliesShown: 2,
  userSearchPageSize: 10,
  /** Page size of every paged list unless a call says otherwise. */
  pageSize: 10,
  /** How many classifications /home's tab row asks for (the contract allows up to 50). */
  homeClassifications: 20,
  /** Load-more triggers within this distance of the bottom. */
  loadMoreThresholdPx: 80,

  /** Message badge shows at most this number. */
  badgeMax: 99,
  /** Hundredths in one unit of any balance. */
  hundredthsPerUnit: 100,
  /** Display decimals of every amount. */
  amountDecimals: 2,
} as const;

export const locale = {
  countryCode: "CN",
  mobileCountryCode: "+86",
  /** Sent as `register-platform-id` on most calls. */
  registerPlatformId: "11120",
  defaultChannelTagId: "0",
} as const;

export const relativeTime = {
  /** Under this, 'just now'. */
  justNowMs: 3 * 60_000,
  /** Past this many whole days the raw date is shown. */
  maxDays: 3,
} as const;

/** Mobile user agents get the native share sheet; others copy the link. */
export const mobileUserAgentPattern = /iPhone|iPad|iPod|Android/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return mobileUserAgentPattern.test(userAgent);
}
