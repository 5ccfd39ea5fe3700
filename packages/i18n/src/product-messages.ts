import type { MessageDescriptor } from "@lingui/core";

/**
 * The app's own sentences from the spec (§2, §4, §8) that no domain rule produces: toasts after a
 * call, the payment and bank-card notices, the empty states of lists, and the generic network
 * errors. The app shows them with `i18n._(productMessages.loginSuccess)`; UI components carry their
 * own labels through macros. zh-CN is the source; en-US is in its catalog (CI fails when missing).
 */
export const productMessages = {
  // Toasts (spec §8)
  sendCodeSuccess: /*i18n*/ { id: "toast.sendCodeSuccess", message: "验证码已发送" },
  registerSuccess: /*i18n*/ { id: "toast.registerSuccess", message: "注册成功" },
  resetPasswordSuccess: /*i18n*/ { id: "toast.resetPasswordSuccess", message: "密码重置成功" },
  loginSuccess: /*i18n*/ { id: "toast.loginSuccess", message: "登录成功" },
  buySuccess: /*i18n*/ { id: "toast.buySuccess", message: "购买成功" },
  deleteSuccess: /*i18n*/ { id: "toast.deleteSuccess", message: "删除成功" },
  videoNotLoaded: /*i18n*/ { id: "toast.videoNotLoaded", message: "视频尚未加载完成" },
  copySuccess: /*i18n*/ { id: "toast.copySuccess", message: "复制成功" },
  // Payments and bank cards (spec §8)
  bankCardVerificationFailed: /*i18n*/ {
    id: "payment.bankCardVerificationFailed",
    message: "银行卡验证失败",
  },
  paymentFailed: /*i18n*/ { id: "payment.failed", message: "支付失败" },
  rechargeOrderFailed: /*i18n*/ { id: "payment.rechargeOrderFailed", message: "该充值订单失败" },
  rechargeUnfinishedOrders: /*i18n*/ {
    id: "payment.rechargeUnfinishedOrders",
    message: "您还有未完成的充值订单，请先处理后再充值",
  },
  viewUnfinishedOrders: /*i18n*/ { id: "payment.viewUnfinishedOrders", message: "查看订单" },
  bankInfoWrong: /*i18n*/ {
    id: "payment.bankInfoWrong",
    message: "银行信息有误或银行卡已过期，请联系银行或客服核实，或更换银行卡（每天最多重新转账 {limit} 次）",
  },
  // Empty states (spec §8)
  noComments: /*i18n*/ { id: "empty.noComments", message: "暂无评论" },
  noSearchResults: /*i18n*/ { id: "empty.noSearchResults", message: "没有搜索结果" },
  noHistory: /*i18n*/ { id: "empty.noHistory", message: "暂无观看记录" },
  noMembersFound: /*i18n*/ { id: "empty.noMembersFound", message: "没有找到相关用户" },
  // The not-found and coming-soon screens (each empty state has its own picture and words)
  pageNotFound: /*i18n*/ {
    id: "empty.pageNotFound",
    message: "找不到这个页面：地址可能有误，或页面已被移除。",
  },
  comingSoon: /*i18n*/ { id: "empty.comingSoon", message: "这个页面正在建设中，即将推出。" },
  // Generic call failures (spec §8), for when the server gave no text of its own
  requestFailedWithStatus: /*i18n*/ {
    id: "error.requestFailedWithStatus",
    message: "请求失败，状态码 {status}",
  },
  requestAborted: /*i18n*/ { id: "error.requestAborted", message: "请求已取消" },
  unsupportedProtocol: /*i18n*/ { id: "error.unsupportedProtocol", message: "不支持的协议" },
} as const satisfies Record<string, MessageDescriptor>;

export type ProductMessage = keyof typeof productMessages;
