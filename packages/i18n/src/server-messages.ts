import type { MessageDescriptor } from "@lingui/core";
import type { ServerMessageKey } from "@platform/domain";

/** A sentence of the server's: its id is a `ServerMessageKey` (the domain derives them from the names). */
export type ServerSentence = MessageDescriptor & { readonly id: ServerMessageKey };

/**
 * The sentences behind the server's own refusal keys (`@platform/domain`'s `ServerMessageKey`), in
 * the source language (zh-CN); en-US is in its catalog. A refusal carries its key in `msgKey`, and
 * the app shows this text in the person's language rather than the server's `msg`. Catalog ids are
 * the keys themselves, each written here once (lingui extracts literal ids only): the domain holds
 * the names and derives the ids (`server.<name>`), and the type of this list makes an id the domain
 * does not have, or a key without a sentence, a type error.
 */
export const serverSentences = sentencesOf([
  /*i18n*/ { id: "server.ok", message: "成功" },
  /*i18n*/ { id: "server.invalidRequest", message: "请求格式不正确" },
  /*i18n*/ { id: "server.invalidField", message: "{field} 填写不正确" },
  /*i18n*/ {
    id: "server.unusableCharacters",
    message: "{field} 含有无法使用的字符（如控制字符），请删除后重试",
  },
  /*i18n*/ { id: "server.systemError", message: "系统错误，请稍后再试" },
  /*i18n*/ { id: "server.notFound", message: "内容不存在或已删除" },
  /*i18n*/ { id: "server.forbidden", message: "无权操作" },
  /*i18n*/ { id: "server.badClient", message: "客户端认证失败" },
  /*i18n*/ { id: "server.staleRequest", message: "请求已过期，请检查设备时间后重试" },
  /*i18n*/ { id: "server.badSign", message: "签名已失效，请重试" },
  /*i18n*/ { id: "server.badPassword", message: "密码无法解析，请重试" },
  /*i18n*/ { id: "server.wrongCredentials", message: "手机号或密码错误" },
  /*i18n*/ { id: "server.wrongOldPassword", message: "原密码错误" },
  /*i18n*/ { id: "server.passwordNotSet", message: "您还没有设置密码，请用短信验证码设置" },
  /*i18n*/ { id: "server.samePassword", message: "新密码不能与原密码相同" },
  /*i18n*/ { id: "server.phoneTicketExpired", message: "手机验证已过期，请重新验证原手机号" },
  /*i18n*/ { id: "server.samePhone", message: "新手机号不能与原手机号相同" },
  /*i18n*/ { id: "server.logoffUnfinished", message: "还有未完成的充值或提现订单，请等它们结束后再注销" },
  /*i18n*/ { id: "server.lockedOut", message: "密码错误次数过多，请 {minutes} 分钟后再试或使用验证码登录" },
  /*i18n*/ { id: "server.tooManyFromAddress", message: "尝试次数过多，请稍后再试" },
  /*i18n*/ {
    id: "server.passwordAddressLocked",
    message: "此网络的密码错误次数过多，请 {minutes} 分钟后再试或使用验证码登录",
  },
  /*i18n*/ {
    id: "server.smsWrongFromAddress",
    message: "此网络的验证码错误次数过多，请 {minutes} 分钟后再试",
  },
  /*i18n*/ { id: "server.smsTooSoon", message: "验证码发送过于频繁，请 {seconds} 秒后再试" },
  /*i18n*/ { id: "server.smsCodeWrong", message: "验证码错误" },
  /*i18n*/ { id: "server.smsCodeExpired", message: "验证码已过期，请重新获取" },
  /*i18n*/ { id: "server.smsCodeLocked", message: "验证码错误次数过多，请重新获取" },
  /*i18n*/ { id: "server.smsSendFailed", message: "短信发送失败，请稍后再试" },
  /*i18n*/ { id: "server.smsBudgetMinutes", message: "验证码发送次数过多，请 {minutes} 分钟后再试" },
  /*i18n*/ { id: "server.smsBudgetHours", message: "验证码发送次数过多，请 {hours} 小时后再试" },
  /*i18n*/ {
    id: "server.smsPhoneDailyLimit",
    message: "该手机号今日接收验证码的次数已达上限，请 {hours} 小时后再试",
  },
  /*i18n*/ {
    id: "server.smsWrongDailyLimit",
    message: "该手机号今日此类验证码错误次数过多，请 {hours} 小时后再试",
  },
  /*i18n*/ { id: "server.sandboxLoopbackOnly", message: "沙箱短信只能在运行服务器的这台机器上读取" },
  /*i18n*/ {
    id: "server.uploadTooManyPending",
    message: "还有 {count} 个文件未完成上传，请先完成，或 {minutes} 分钟后再试",
  },
  /*i18n*/ {
    id: "server.uploadDailyQuota",
    message: "今日上传已达上限（{megabytes} MB），请 {hours} 小时后再试",
  },
  /*i18n*/ { id: "server.phoneRegistered", message: "该手机号已注册，请直接登录" },
  /*i18n*/ { id: "server.phoneNotRegistered", message: "该手机号尚未注册" },
  /*i18n*/ { id: "server.cardInvalid", message: "身份卡无效或已更换，请使用最新的身份卡" },
  /*i18n*/ { id: "server.refreshInvalid", message: "登录已失效，请重新登录" },
  /*i18n*/ { id: "server.notYours", message: "只能操作自己的内容" },
  /*i18n*/ { id: "server.uploadMissing", message: "文件尚未上传完成" },
  /*i18n*/ {
    id: "server.uploadType",
    message: "不支持该文件类型，请选择图片（PNG、JPG、WebP、GIF）或视频（MP4、MOV、WebM）",
  },
  /*i18n*/ { id: "server.uploadTooLarge", message: "文件太大，最大 {megabytes} MB" },
  /*i18n*/ { id: "server.uploadDone", message: "该文件已上传，请重新选择文件" },
  /*i18n*/ { id: "server.balanceTooLow", message: "{unitGold}余额不足，请先充值" },
  /*i18n*/ { id: "server.walletBalanceTooLow", message: "钱包余额不足" },
  /*i18n*/ { id: "server.gameBalanceTooLow", message: "游戏余额不足" },
  /*i18n*/ {
    id: "server.idempotencyKeyMissing",
    message: "缺少请求标识（Idempotency-Key），请更新应用后重试",
  },
  /*i18n*/ { id: "server.idempotencyKeyReused", message: "该请求标识已用于另一笔操作，请重新提交" },
  /*i18n*/ { id: "server.alreadyBought", message: "您已购买该视频，可直接观看" },
  /*i18n*/ { id: "server.notForSale", message: "该视频无需购买" },
  /*i18n*/ { id: "server.ownVideo", message: "不能购买自己的视频" },
  /*i18n*/ { id: "server.needSuperMember", message: "该功能需要超级会员，请先开通" },
  /*i18n*/ { id: "server.cannotFollowSelf", message: "不能关注自己" },
  /*i18n*/ { id: "server.cannotReportSelf", message: "不能举报自己的内容" },
  /*i18n*/ { id: "server.folderNameTaken", message: "已有同名收藏夹，请换一个名称" },
  /*i18n*/ { id: "server.replyTargetGone", message: "要回复的评论已删除" },
  /*i18n*/ { id: "server.vipAlreadyMember", message: "您已是超级会员，请选择续费" },
  /*i18n*/ { id: "server.vipNotMember", message: "您还不是超级会员，请先开通" },
  /*i18n*/ { id: "server.vipPermanentAlready", message: "您已是永久会员，无需再购买" },
  /*i18n*/ { id: "server.vipPlanNotFound", message: "该会员套餐已下架，请刷新后重新选择" },
  /*i18n*/ { id: "server.rechargeUnfinished", message: "您有未完成的充值订单，请先完成或取消后再充值" },
  /*i18n*/ { id: "server.rechargeAmountOutOfRange", message: "充值金额须在 {min} 至 {max} 之间" },
  /*i18n*/ { id: "server.rechargeAmountNotOffered", message: "请选择列出的充值金额" },
  /*i18n*/ { id: "server.payMethodUnavailable", message: "该支付方式暂不可用，请换一种方式" },
  /*i18n*/ { id: "server.paymentFailed", message: "支付失败，请稍后再试" },
  /*i18n*/ { id: "server.rechargeExpired", message: "超时未支付，订单已自动取消" },
  /*i18n*/ { id: "server.bankCardVerificationFailed", message: "银行卡验证失败，请核对卡号、持卡人和开户行" },
  /*i18n*/ { id: "server.bankCardNumberInvalid", message: "银行卡号不正确，请核对后重新输入" },
  /*i18n*/ { id: "server.bankCardExists", message: "这张银行卡已经添加过了" },
  /*i18n*/ { id: "server.bankCardLimit", message: "最多可添加 {max} 张银行卡，请先删除一张" },
  /*i18n*/ { id: "server.withdrawAboveMaximum", message: "单笔提现最多 {max} {unitGold}" },
  /*i18n*/ { id: "server.withdrawRetryNotFailed", message: "只有失败的提现可以重新提现" },
  /*i18n*/ {
    id: "server.withdrawAlreadyRetried",
    message: "这笔失败的提现已经重新提现过（订单 {orderNum}），不能再次重新提现；请在该订单中查看进度",
  },
  /*i18n*/ { id: "server.orderNotCancellable", message: "该订单当前不能取消" },
  /*i18n*/ { id: "server.orderAlreadyUrged", message: "已催单，请耐心等待" },
  /*i18n*/ { id: "server.orderUrgeSettled", message: "这笔提现已经到账，无需催单" },
  /*i18n*/ {
    id: "server.orderUrgeFailed",
    message: "这笔提现未成功，金币已退回账户，无需催单；请点击“重新提现”再次提现",
  },
  /*i18n*/ {
    id: "server.orderUrgeCancelled",
    message: "这笔提现已取消，金币已退回账户，无需催单；如仍需提现，请重新提交",
  },
  /*i18n*/ {
    id: "server.orderUrgeSent",
    message: "这笔提现已提交银行处理，无法再催单；到账后会通知你，请耐心等待",
  },
  /*i18n*/ {
    id: "server.orderUrgeNormal",
    message: "普通提现提交后会立即发出，无需催单；到账后会通知你，请耐心等待",
  },
  /*i18n*/ { id: "server.receiptNotConfirmable", message: "该订单当前不能确认收款" },
  /*i18n*/ {
    id: "server.payoutFailed",
    message:
      "银行信息有误或银行卡已过期，请联系银行或客服核实，或更换银行卡后重新提现（每天最多重新转账 10 次）",
  },
  /*i18n*/ { id: "server.withdrawCancelledByUser", message: "已由本人取消" },
  /*i18n*/ { id: "server.eepayAccountInvalid", message: "EE 钱包账号不正确" },
  /*i18n*/ { id: "server.eepayInsufficient", message: "EE 钱包余额不足" },
  /*i18n*/ { id: "server.sandboxPayTitle", message: "{provider}沙箱收银台" },
  /*i18n*/ { id: "server.sandboxNotice", message: "这是沙箱：不会发生真实扣款" },
  /*i18n*/ { id: "server.sandboxPayAmount", message: "应付金额：{amount} {unitYuan}" },
  /*i18n*/ { id: "server.sandboxPayOrder", message: "订单号：{orderNum}" },
  /*i18n*/ { id: "server.sandboxPayNow", message: "确认支付" },
  /*i18n*/ { id: "server.sandboxPayOther", message: "支付其他金额" },
  /*i18n*/ { id: "server.sandboxPayFail", message: "模拟支付失败" },
  /*i18n*/ { id: "server.sandboxPayAbandon", message: "放弃支付并返回" },
  /*i18n*/ { id: "server.sandboxPayDone", message: "这笔支付{status}，正在返回商户……" },
  /*i18n*/ { id: "server.sandboxPayBack", message: "返回商户" },
  /*i18n*/ { id: "server.sandboxProviderBank", message: "银行" },
  /*i18n*/ { id: "server.sandboxProviderEepay", message: "EE 钱包" },
  /*i18n*/ { id: "server.sandboxProviderMerchant", message: "商户" },
  /*i18n*/ { id: "server.sandboxPaymentProcessing", message: "已提交，银行处理中" },
  /*i18n*/ { id: "server.sandboxPaymentPaid", message: "已支付" },
  /*i18n*/ { id: "server.sandboxPaymentFailed", message: "未成功" },
  /*i18n*/ { id: "server.sandboxPaymentRefunded", message: "已退款" },
  /*i18n*/ { id: "server.sandboxWalletTitle", message: "EE 钱包（沙箱）" },
  /*i18n*/ { id: "server.sandboxWalletBalance", message: "余额：{amount} {unitEe}" },
  /*i18n*/ { id: "server.sandboxWalletTopUp", message: "充入 100 {unitEe}（沙箱）" },
  /*i18n*/ { id: "server.sandboxWalletAccount", message: "账号：{account}" },
  /*i18n*/ { id: "server.payMethodEePay", message: "EE 钱包" },
  /*i18n*/ { id: "server.payMethodBankSm", message: "银行卡支付" },
  /*i18n*/ { id: "server.payMethodMerchant", message: "商户收银台" },
  /*i18n*/ { id: "server.uploadNotResumable", message: "这个文件不能分段续传，请重新上传" },
  /*i18n*/ { id: "server.uploadExpired", message: "上传链接已过期，请重新选择文件上传" },
  /*i18n*/ { id: "server.uploadPartSize", message: "上传的分段大小不对（应为 {expected} 字节），请重试" },
  /*i18n*/ { id: "server.uploadIncomplete", message: "文件还没有传完：还差 {missing} 段" },
  /*i18n*/ { id: "server.uploadCancelled", message: "这次上传已取消，请重新选择文件" },
  /*i18n*/ { id: "server.uploadNotArrived", message: "文件还没有到达存储，请重新上传" },
  /*i18n*/ {
    id: "server.uploadSentInParts",
    message: "这个文件正在分段上传，不能再整个上传：请继续分段上传，或重新选择文件",
  },
  /*i18n*/ {
    id: "server.uploadSentWhole",
    message: "这个文件已经开始整个上传，不能再分段上传：请重新选择文件",
  },
  /*i18n*/ { id: "server.uploadPartNumber", message: "没有这一段：这个文件共 {count} 段" },
  /*i18n*/ {
    id: "server.uploadLargerThanDeclared",
    message: "文件比开始上传时说的大小（{bytes} 字节）大，请重新选择文件",
  },
  /*i18n*/ {
    id: "server.uploadDiskFull",
    message:
      "存储空间不足：已用 {used} MB，共 {limit} MB，这个文件需要 {needed} MB。请删除不需要的视频后再试",
  },
  /*i18n*/ { id: "server.uploadNotPicture", message: "这不是图片，请选择 PNG、JPG、WebP、GIF 或 AVIF 图片" },
  /*i18n*/ { id: "server.videoNotAVideo", message: "这个文件不是可以识别的视频，请换一个视频文件" },
  /*i18n*/ { id: "server.videoProcessingFailed", message: "视频处理失败，请换一个文件重新上传" },
  /*i18n*/ { id: "server.videoTooShort", message: "视频太短：至少 {seconds} 秒" },
  /*i18n*/ { id: "server.videoTooLong", message: "视频太长：最长 {minutes} 分钟" },
  /*i18n*/ { id: "server.videoTooSmall", message: "视频画面太小：短边至少 {pixels} 像素" },
  /*i18n*/ { id: "server.videoTooBig", message: "视频画面太大：长边最多 {pixels} 像素" },
  /*i18n*/ { id: "server.videoUploadAbandoned", message: "上传没有在有效期内完成，请重新选择文件上传" },
  /*i18n*/ { id: "server.bannedWordTitle", message: "标题含有不允许的词：{word}" },
  /*i18n*/ { id: "server.bannedWordIntroduction", message: "简介含有不允许的词：{word}" },
  /*i18n*/ { id: "server.bannedWordTags", message: "标签含有不允许的词：{word}" },
  /*i18n*/ { id: "server.videoPriceRange", message: "价格需在 {min} 到 {max} 之间" },
  /*i18n*/ { id: "server.videoPreviewRange", message: "试看时长需在 0 到 {seconds} 秒之间" },
  /*i18n*/ { id: "server.videoFileNeeded", message: "请选择要上传的视频" },
  /*i18n*/ { id: "server.videoNeedsNewFile", message: "这个视频需要重新上传文件：请选择新的视频" },
  /*i18n*/ { id: "server.videoFileFixed", message: "已发布的视频不能更换文件，请发布新视频" },
  /*i18n*/ { id: "server.videoUploadInUse", message: "这个文件已用于另一个视频" },
  /*i18n*/ { id: "server.reviewRejected", message: "审核未通过：{reason}" },
  /*i18n*/ { id: "server.reviewTakenDown", message: "已下架：{reason}" },
  /*i18n*/ {
    id: "server.gameWagerPending",
    message: "还需投注 {amount} 才能解锁游戏奖励并把游戏余额转回{unitGold}",
  },
  /*i18n*/ { id: "server.liveNeedTicket", message: "购买门票后即可观看该直播" },
  /*i18n*/ { id: "server.liveNoTicket", message: "该直播间无需门票" },
  /*i18n*/ { id: "server.liveTicketOwned", message: "你已有该直播间的门票，可直接观看" },
  /*i18n*/ { id: "server.liveOwnRoom", message: "不能购买自己直播间的门票" },
  /*i18n*/ { id: "server.liveChatTooFast", message: "发言太频繁，请 {seconds} 秒后再试" },
  /*i18n*/ { id: "server.liveChatClosed", message: "直播未开始或已结束，暂不能发言" },
  /*i18n*/ { id: "server.liveChatLockedTicket", message: "购买门票后即可参与聊天" },
  /*i18n*/ { id: "server.liveChatLockedMember", message: "开通超级会员后即可参与聊天" },
  /*i18n*/ { id: "server.liveChatExpired", message: "登录已失效，聊天已断开" },
  /*i18n*/ { id: "server.livePriceRange", message: "门票价格须在 {min} 到 {max} 之间" },
  /*i18n*/ { id: "server.gameNotFound", message: "该游戏暂不可用，请选择其他游戏" },
  /*i18n*/ { id: "server.sandboxGameTitle", message: "{game}（沙箱游戏）" },
  /*i18n*/ { id: "server.sandboxGameBalance", message: "可用余额：{amount}" },
  /*i18n*/ {
    id: "server.sandboxGameRulesEdge",
    message: "掷骰子：点数 4、5、6 赢得下注的 {multiple} 倍（含 {edge}% 平台优势），1、2、3 输掉下注。",
  },
  /*i18n*/ { id: "server.sandboxGameBet", message: "下注金额" },
  /*i18n*/ { id: "server.sandboxGameRoll", message: "下注并掷骰子" },
  /*i18n*/ { id: "server.sandboxGameWon", message: "掷出 {dice} 点：赢得 {amount}" },
  /*i18n*/ { id: "server.sandboxGameLost", message: "掷出 {dice} 点：输掉 {amount}" },
  /*i18n*/ { id: "server.sandboxGameRefused", message: "下注未成功：{reason}" },
  /*i18n*/ { id: "server.sandboxGameBack", message: "返回平台" },
  /*i18n*/ { id: "server.sandboxGameExpired", message: "游戏链接已失效，请从游戏大厅重新进入" },
  /*i18n*/ { id: "server.sandboxGameBetRange", message: "下注金额须在 {min} 到 {max} 之间" },
  /*i18n*/ { id: "server.sandboxGameReplayed", message: "这一局已经结算过了，没有再次下注" },
  /*i18n*/ { id: "server.sandboxSupportTitle", message: "在线客服（沙箱）" },
  /*i18n*/ { id: "server.sandboxSupportNotice", message: "这是沙箱：这里没有客服人员" },
  /*i18n*/ {
    id: "server.sandboxSupportBody",
    message:
      "正式部署时，“联系客服”会打开服务器设置 CUSTOMER_SERVICE_URL 指向的客服系统，你可以在那里和客服人员对话。",
  },
  /*i18n*/ { id: "server.customerServiceUnavailable", message: "客服暂不可用，请稍后再试" },
  /*i18n*/ {
    id: "server.sandboxGameWinHeld",
    message: "掷出 {dice} 点：赢得 {amount}，金额超出自动派彩上限，平台审核后发放",
  },
  /*i18n*/ { id: "server.busy", message: "服务繁忙，请稍后再试" },
  /*i18n*/ {
    id: "server.bankCardBoundElsewhere",
    message: "这张银行卡已绑定在其他账号上：一张银行卡只能绑定一个账号，如有疑问请联系客服",
  },
  /*i18n*/ {
    id: "server.eepayAccountNotLinked",
    message: "请先在钱包页打开 EE 钱包完成关联，EE 钱包提现只能到您关联的账号",
  },
  /*i18n*/ { id: "server.eepayAccountNotYours", message: "EE 钱包提现只能到您关联的账号 {account}" },
]);

/** Every server key's sentence, by key. */
export const serverMessages: Readonly<Record<ServerMessageKey, ServerSentence>> = Object.fromEntries(
  serverSentences.map((sentence) => [sentence.id, sentence]),
) as Record<ServerMessageKey, ServerSentence>;

/** The list as given, when it has a sentence for every key (else a type error naming the missing). */
function sentencesOf<const L extends readonly ServerSentence[]>(
  list: L &
    ([Exclude<ServerMessageKey, L[number]["id"]>] extends [never]
      ? unknown
      : { readonly missing: Exclude<ServerMessageKey, L[number]["id"]> }),
): L {
  return list;
}
