/**
 * Every sentence a rule of this package can produce, as a stable key. The domain never holds
 * wording: `@platform/i18n` maps each key to its zh-CN and en-US text (and fails its check when one
 * is missing), so the comment beside each key is only the meaning, for whoever writes a catalog.
 */
export const MessageKey = {
  // Validation (spec §5)
  phoneRequired: "validation.phoneRequired", // phone number needed
  phoneInvalid: "validation.phoneInvalid", // please enter the correct mobile phone number
  passwordFormat: "validation.passwordFormat", // password format (6-18 characters)
  passwordSixDigits: "validation.passwordSixDigits", // the password is 6 digits
  smsCodeFourDigits: "validation.smsCodeFourDigits", // enter four-digit code
  commentRequired: "validation.commentRequired", // write something before sending
  commentTooLong: "validation.commentTooLong", // at most {max} characters
  folderNameRequired: "validation.folderNameRequired", // enter a folder name
  folderNameFormat: "validation.folderNameFormat", // English letters or Chinese characters, {min}-{max}
  titleRequired: "validation.titleRequired", // enter a title
  titleTooLongAdvice: "validation.titleTooLongAdvice", // advice: keep the title within {max} characters
  introductionTooLong: "validation.introductionTooLong", // introduction at most {max} characters
  cancelReasonTooLong: "validation.cancelReasonTooLong", // reason at most {max} characters
  amountRequired: "validation.amountRequired", // enter an amount (withdrawals, recharges, transfers)
  amountFormat: "validation.amountFormat", // an amount above 0 with at most two decimals
  withdrawBelowMinimum: "validation.withdrawBelowMinimum", // minimum single withdrawal of {minimum} gold shells
  withdrawOverBalance: "validation.withdrawOverBalance", // more than the balance
  bankCardRequired: "validation.bankCardRequired", // add a bank card before withdrawing to one
  imageOnly: "validation.imageOnly", // choose an image file
  chooseVideo: "validation.chooseVideo", // choose at least one video
  chooseFolder: "validation.chooseFolder", // choose a folder
  agreementRequired: "validation.agreementRequired", // tick the agreement first

  // Relative time and durations (spec §9)
  justNow: "time.justNow", // just now
  minutesAgo: "time.minutesAgo", // {count} minutes ago
  hoursAgo: "time.hoursAgo", // {count} hours ago
  daysAgo: "time.daysAgo", // {count} days ago
  date: "time.date", // {date} as given

  // Video (spec §3)
  levelSuper: "video.level.super", // super
  levelPay: "video.level.pay", // pay
  statusUploading: "video.status.uploading", // uploading
  statusUploadFailed: "video.status.uploadFailed", // upload failed
  statusReviewing: "video.status.reviewing", // under review
  statusReviewFailed: "video.status.reviewFailed", // review failed

  // Membership (spec §2)
  vipPermanent: "vip.permanent", // permanent member
  vipRemainingDays: "vip.remainingDays", // remaining days {count}
  vipNone: "vip.none", // not super VIP

  // Buying (spec §2)
  buy: "buy.buy", // buy
  gotoRecharge: "buy.gotoRecharge", // goto recharge

  // Orders (spec §4)
  rechargePaying: "order.recharge.paying", // paying
  rechargeProcessing: "order.recharge.processing", // processing
  rechargeFailed: "order.recharge.failed", // this recharge order failed
  rechargeSucceeded: "order.recharge.succeeded", // payment successful
  rechargeSucceededWithChange: "order.recharge.succeededWithChange", // successful, amount differs
  rechargeCancelled: "order.recharge.cancelled", // cancelled
  rechargeHeld: "order.recharge.held", // paid, but not as ordered: our staff will credit or refund it
  rechargeRefunded: "order.recharge.refunded", // refunded to the payer
  withdrawPending: "order.withdraw.pending", // withdrawing
  withdrawFailed: "order.withdraw.failed", // withdrawal failed
  withdrawSucceeded: "order.withdraw.succeeded", // withdrawal successful
  withdrawSucceededWithChange: "order.withdraw.succeededWithChange", // successful, amount differs
  actionUrge: "order.action.urge", // urge
  actionUrged: "order.action.urged", // urged
  actionCancel: "order.action.cancel", // cancel order
  actionWithdrawAgain: "order.action.withdrawAgain", // withdraw again
  actionConfirmReceived: "order.action.confirmReceived", // confirm received
  withdrawRetryLimit: "order.withdraw.retryLimit", // at most {limit} re-transfers a day

  // Calls (spec §8): shown when the server gave no text of its own
  errorSystem: "error.system", // system error
  errorNetwork: "error.network", // Network Error: check the connection and try again
  errorTimeout: "error.timeout", // timeout exceeded: try again
  sessionExpired: "error.sessionExpired", // the current page has expired, please log in again

  // Links (spec §2)
  linkUnsupported: "link.unsupported", // this jump type is not currently supported
  linkMissing: "link.missing", // no link type
} as const;

export type MessageKey = (typeof MessageKey)[keyof typeof MessageKey];

/** Every key, for catalogs to check themselves against. */
export const allMessageKeys: readonly MessageKey[] = /* @__PURE__ */ Object.values(MessageKey);

export type MessageValues = Readonly<Record<string, string | number>>;

/** A sentence to show, not yet in any language: a key and the values it interpolates. */
export interface Message {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

export function message(key: MessageKey, values?: MessageValues): Message {
  return values === undefined ? { key } : { key, values };
}
