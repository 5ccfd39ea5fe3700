import type { MessageDescriptor } from "@lingui/core";
import { MessageKey } from "@platform/domain";
import { domainMoneyMessages } from "./domain-money-messages";
import type { MoneyMessageKey } from "./domain-money-messages";

/**
 * The sentences behind `@platform/domain`'s message keys, in the source language (zh-CN). The
 * `i18n` comment marks let `lingui extract` find them without a macro; en-US is in its catalog.
 * The record type makes a missing key a type error.
 */
const shared: Readonly<Record<Exclude<MessageKey, MoneyMessageKey>, MessageDescriptor>> = {
  [MessageKey.phoneRequired]: /*i18n*/ { id: "validation.phoneRequired", message: "请输入手机号" },
  [MessageKey.phoneInvalid]: /*i18n*/ { id: "validation.phoneInvalid", message: "请输入正确的手机号" },
  [MessageKey.passwordFormat]: /*i18n*/ { id: "validation.passwordFormat", message: "密码为 6-18 位" },
  [MessageKey.passwordSixDigits]: /*i18n*/ { id: "validation.passwordSixDigits", message: "密码为 6 位数字" },
  [MessageKey.smsCodeFourDigits]: /*i18n*/ {
    id: "validation.smsCodeFourDigits",
    message: "请输入 4 位验证码",
  },
  [MessageKey.commentRequired]: /*i18n*/ { id: "validation.commentRequired", message: "请输入评论内容" },
  [MessageKey.commentTooLong]: /*i18n*/ { id: "validation.commentTooLong", message: "评论最多 {max} 个字" },
  [MessageKey.folderNameRequired]: /*i18n*/ {
    id: "validation.folderNameRequired",
    message: "请输入收藏夹名称",
  },
  [MessageKey.folderNameFormat]: /*i18n*/ {
    id: "validation.folderNameFormat",
    message: "收藏夹名称为 {min}-{max} 位中文或英文字母",
  },
  [MessageKey.titleRequired]: /*i18n*/ { id: "validation.titleRequired", message: "请输入标题" },
  [MessageKey.titleTooLongAdvice]: /*i18n*/ {
    id: "validation.titleTooLongAdvice",
    message: "标题建议不超过 {max} 个字",
  },
  [MessageKey.introductionTooLong]: /*i18n*/ {
    id: "validation.introductionTooLong",
    message: "简介最多 {max} 个字",
  },
  [MessageKey.cancelReasonTooLong]: /*i18n*/ {
    id: "validation.cancelReasonTooLong",
    message: "原因最多 {max} 个字",
  },
  [MessageKey.amountRequired]: /*i18n*/ { id: "validation.amountRequired", message: "请输入金额" },
  [MessageKey.amountFormat]: /*i18n*/ {
    id: "validation.amountFormat",
    message: "请输入大于 0 的金额，最多两位小数",
  },
  [MessageKey.imageOnly]: /*i18n*/ { id: "validation.imageOnly", message: "请选择图片文件" },
  [MessageKey.chooseVideo]: /*i18n*/ { id: "validation.chooseVideo", message: "请至少选择一个视频" },
  [MessageKey.chooseFolder]: /*i18n*/ { id: "validation.chooseFolder", message: "请选择收藏夹" },
  [MessageKey.agreementRequired]: /*i18n*/ {
    id: "validation.agreementRequired",
    message: "请先阅读并勾选协议",
  },
  [MessageKey.justNow]: /*i18n*/ { id: "time.justNow", message: "刚刚" },
  [MessageKey.minutesAgo]: /*i18n*/ { id: "time.minutesAgo", message: "{count} 分钟前" },
  [MessageKey.hoursAgo]: /*i18n*/ { id: "time.hoursAgo", message: "{count} 小时前" },
  [MessageKey.daysAgo]: /*i18n*/ { id: "time.daysAgo", message: "{count} 天前" },
  [MessageKey.date]: /*i18n*/ { id: "time.date", message: "{date}" },
  [MessageKey.levelSuper]: /*i18n*/ { id: "video.level.super", message: "超级" },
  [MessageKey.levelPay]: /*i18n*/ { id: "video.level.pay", message: "付费" },
  [MessageKey.statusUploading]: /*i18n*/ { id: "video.status.uploading", message: "上传中" },
  [MessageKey.statusUploadFailed]: /*i18n*/ { id: "video.status.uploadFailed", message: "上传失败" },
  [MessageKey.statusReviewing]: /*i18n*/ { id: "video.status.reviewing", message: "审核中" },
  [MessageKey.statusReviewFailed]: /*i18n*/ { id: "video.status.reviewFailed", message: "审核未通过" },
  [MessageKey.vipPermanent]: /*i18n*/ { id: "vip.permanent", message: "永久会员" },
  [MessageKey.vipRemainingDays]: /*i18n*/ { id: "vip.remainingDays", message: "剩余 {count} 天" },
  [MessageKey.vipNone]: /*i18n*/ { id: "vip.none", message: "非超级会员" },
  [MessageKey.buy]: /*i18n*/ { id: "buy.buy", message: "购买" },
  [MessageKey.gotoRecharge]: /*i18n*/ { id: "buy.gotoRecharge", message: "去充值" },
  [MessageKey.errorSystem]: /*i18n*/ { id: "error.system", message: "系统错误" },
  [MessageKey.errorNetwork]: /*i18n*/ { id: "error.network", message: "网络错误，请检查网络后重试" },
  [MessageKey.errorTimeout]: /*i18n*/ { id: "error.timeout", message: "请求超时，请重试" },
  [MessageKey.sessionExpired]: /*i18n*/ { id: "error.sessionExpired", message: "当前页面已失效，请重新登录" },
  [MessageKey.linkUnsupported]: /*i18n*/ { id: "link.unsupported", message: "暂不支持该跳转类型" },
  [MessageKey.linkMissing]: /*i18n*/ { id: "link.missing", message: "没有链接类型" },
};

/**
 * Every domain message key's sentence: the shared ones above, in the main catalog every page
 * loads, and the money screens' (orders, withdrawals: `domain-money-messages.ts`), in the money
 * catalog those screens load (Step 17 moved them there: the first load of /home and /login no
 * longer carries them).
 */
export const domainMessages: Readonly<Record<MessageKey, MessageDescriptor>> = {
  ...shared,
  ...domainMoneyMessages,
};
