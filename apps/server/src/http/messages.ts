import { MessageKey, ServerMessageKey, limits } from "@platform/domain";

/**
 * What the server says in its `msg` (shown by the app as a toast, spec §8), in both languages,
 * picked by the request's `language` header. Keys are the domain's message keys where the rule is
 * the domain's, and the server's own (`ServerMessageKey`, also in `@platform/domain`) otherwise;
 * every refusal carries its key as `msgKey` (and its values as `msgValues`) beside the sentence.
 */
export const ServerMessage = ServerMessageKey;
export type ServerMessage = ServerMessageKey;

export type MessageId = ServerMessage | MessageKey;
export type ServerLanguage = "zh_CN" | "en_US";

type Catalog = Readonly<Partial<Record<MessageId, string>>>;

const zh: Catalog = {
  [ServerMessage.ok]: "成功",
  [ServerMessage.invalidRequest]: "请求格式不正确",
  [ServerMessage.invalidField]: "{field} 填写不正确",
  [ServerMessage.unusableCharacters]: "{field} 含有无法使用的字符（如控制字符），请删除后重试",
  [ServerMessage.systemError]: "系统错误，请稍后再试",
  [ServerMessage.notFound]: "内容不存在或已删除",
  [ServerMessage.forbidden]: "无权操作",
  [ServerMessage.badClient]: "客户端认证失败",
  [ServerMessage.staleRequest]: "请求已过期，请检查设备时间后重试",
  [ServerMessage.badSign]: "签名已失效，请重试",
  [ServerMessage.badPassword]: "密码无法解析，请重试",
  [ServerMessage.wrongCredentials]: "手机号或密码错误",
  [ServerMessage.lockedOut]: "密码错误次数过多，请 {minutes} 分钟后再试或使用验证码登录",
  [ServerMessage.tooManyFromAddress]: "尝试次数过多，请稍后再试",
  [ServerMessage.smsTooSoon]: "验证码发送过于频繁，请 {seconds} 秒后再试",
  [ServerMessage.smsCodeWrong]: "验证码错误",
  [ServerMessage.smsCodeExpired]: "验证码已过期，请重新获取",
  [ServerMessage.smsCodeLocked]: "验证码错误次数过多，请重新获取",
  [ServerMessage.smsSendFailed]: "短信发送失败，请稍后再试",
  [ServerMessage.smsBudgetMinutes]: "验证码发送次数过多，请 {minutes} 分钟后再试",
  [ServerMessage.smsBudgetHours]: "验证码发送次数过多，请 {hours} 小时后再试",
  [ServerMessage.smsPhoneDailyLimit]: "该手机号今日接收验证码的次数已达上限，请 {hours} 小时后再试",
  [ServerMessage.smsWrongDailyLimit]: "该手机号今日验证码错误次数过多，请 {hours} 小时后再试",
  [ServerMessage.sandboxLoopbackOnly]: "沙箱短信只能在运行服务器的这台机器上读取",
  [ServerMessage.uploadTooManyPending]: "还有 {count} 个文件未完成上传，请先完成，或 {minutes} 分钟后再试",
  [ServerMessage.uploadDailyQuota]: "今日上传已达上限（{megabytes} MB），请 {hours} 小时后再试",
  [ServerMessage.phoneRegistered]: "该手机号已注册，请直接登录",
  [ServerMessage.phoneNotRegistered]: "该手机号尚未注册",
  [ServerMessage.cardInvalid]: "身份卡无效或已更换，请使用最新的身份卡",
  [ServerMessage.refreshInvalid]: "登录已失效，请重新登录",
  [ServerMessage.notYours]: "只能操作自己的内容",
  [ServerMessage.uploadMissing]: "文件尚未上传完成",
  [ServerMessage.uploadType]: "不支持该文件类型，请选择图片（PNG、JPG、WebP、GIF）或视频（MP4、MOV、WebM）",
  [ServerMessage.uploadTooLarge]: "文件太大，最大 {megabytes} MB",
  [ServerMessage.uploadDone]: "该文件已上传，请重新选择文件",
  [ServerMessage.balanceTooLow]: "金币余额不足，请先充值",
  [ServerMessage.idempotencyKeyMissing]: "缺少请求标识（Idempotency-Key），请更新应用后重试",
  [ServerMessage.idempotencyKeyReused]: "该请求标识已用于另一笔操作，请重新提交",
  [ServerMessage.alreadyBought]: "您已购买该视频，可直接观看",
  [ServerMessage.notForSale]: "该视频无需购买",
  [ServerMessage.ownVideo]: "不能购买自己的视频",
  [ServerMessage.needSuperMember]: "该功能需要超级会员，请先开通",
  [ServerMessage.cannotFollowSelf]: "不能关注自己",
  [ServerMessage.cannotReportSelf]: "不能举报自己的内容",
  [ServerMessage.folderNameTaken]: "已有同名收藏夹，请换一个名称",
  [ServerMessage.replyTargetGone]: "要回复的评论已删除",
  [MessageKey.phoneRequired]: "请输入手机号",
  [MessageKey.phoneInvalid]: "请输入正确的手机号",
  [MessageKey.passwordFormat]: "密码为 6-18 位",
  [MessageKey.smsCodeFourDigits]: "请输入 4 位验证码",
  [MessageKey.commentRequired]: "请输入评论内容",
  [MessageKey.folderNameRequired]: "请输入收藏夹名称",
  [MessageKey.folderNameFormat]: "收藏夹名称为 2-16 位中文或英文字母",
  [MessageKey.titleRequired]: "请输入标题",
  [MessageKey.chooseVideo]: "请至少选择一个视频",
  [MessageKey.chooseFolder]: "请选择收藏夹",
  [MessageKey.agreementRequired]: "请先阅读并勾选协议",
};

const en: Catalog = {
  [ServerMessage.ok]: "success",
  [ServerMessage.invalidRequest]: "The request is not in the right form",
  [ServerMessage.invalidField]: "{field} is not valid",
  [ServerMessage.unusableCharacters]:
    "{field} contains characters that cannot be used (such as control characters): remove them and try again",
  [ServerMessage.systemError]: "System error, please try again later",
  [ServerMessage.notFound]: "It does not exist or was deleted",
  [ServerMessage.forbidden]: "You may not do that",
  [ServerMessage.badClient]: "Client authentication failed",
  [ServerMessage.staleRequest]: "The request has expired: check the device's clock and try again",
  [ServerMessage.badSign]: "The sign has expired, please try again",
  [ServerMessage.badPassword]: "The password could not be read, please try again",
  [ServerMessage.wrongCredentials]: "Wrong phone number or password",
  [ServerMessage.lockedOut]: "Too many wrong passwords: try again in {minutes} minutes or log in with a code",
  [ServerMessage.tooManyFromAddress]: "Too many attempts, please try again later",
  [ServerMessage.smsTooSoon]: "Codes are sent at most once a minute: try again in {seconds} s",
  [ServerMessage.smsCodeWrong]: "Wrong verification code",
  [ServerMessage.smsCodeExpired]: "The code has expired, please get a new one",
  [ServerMessage.smsCodeLocked]: "Too many wrong codes, please get a new one",
  [ServerMessage.smsSendFailed]: "The SMS could not be sent, please try again later",
  [ServerMessage.smsBudgetMinutes]: "Too many codes have been sent: try again in {minutes} min",
  [ServerMessage.smsBudgetHours]: "Too many codes have been sent: try again in {hours} h",
  [ServerMessage.smsPhoneDailyLimit]: "This phone has had all its codes for today: try again in {hours} h",
  [ServerMessage.smsWrongDailyLimit]: "Too many wrong codes for this phone today: try again in {hours} h",
  [ServerMessage.sandboxLoopbackOnly]: "The SMS sandbox can only be read on the machine that runs the server",
  [ServerMessage.uploadTooManyPending]:
    "{count} uploads are not finished yet: finish them, or try again in {minutes} min",
  [ServerMessage.uploadDailyQuota]:
    "You have reached today's upload limit ({megabytes} MB): try again in {hours} h",
  [ServerMessage.phoneRegistered]: "This phone number is already registered: please log in",
  [ServerMessage.phoneNotRegistered]: "This phone number is not registered",
  [ServerMessage.cardInvalid]: "This identity card is not valid or was replaced: use the newest one",
  [ServerMessage.refreshInvalid]: "Your session has ended, please log in again",
  [ServerMessage.notYours]: "You can only change your own things",
  [ServerMessage.uploadMissing]: "The file has not finished uploading",
  [ServerMessage.uploadType]:
    "This kind of file is not accepted: choose a picture (PNG, JPG, WebP, GIF) or a video (MP4, MOV, WebM)",
  [ServerMessage.uploadTooLarge]: "The file is too large: at most {megabytes} MB",
  [ServerMessage.uploadDone]: "This file was already uploaded: choose the file again",
  [ServerMessage.balanceTooLow]: "Not enough gold: please recharge first",
  [ServerMessage.idempotencyKeyMissing]: "The request has no Idempotency-Key: update the app and try again",
  [ServerMessage.idempotencyKeyReused]: "This Idempotency-Key was used for another request: submit again",
  [ServerMessage.alreadyBought]: "You already bought this video: just watch it",
  [ServerMessage.notForSale]: "This video is not for sale",
  [ServerMessage.ownVideo]: "You cannot buy your own video",
  [ServerMessage.needSuperMember]: "This function requires a super membership: open it first",
  [ServerMessage.cannotFollowSelf]: "You cannot follow yourself",
  [ServerMessage.cannotReportSelf]: "You cannot report your own content",
  [ServerMessage.folderNameTaken]: "You already have a folder with this name: choose another",
  [ServerMessage.replyTargetGone]: "The comment you are replying to was deleted",
  [MessageKey.phoneRequired]: "Phone number needed",
  [MessageKey.phoneInvalid]: "Please enter the correct mobile phone number",
  [MessageKey.passwordFormat]: "The password is 6-18 characters",
  [MessageKey.smsCodeFourDigits]: "Enter the four-digit code",
  [MessageKey.commentRequired]: "Write something first",
  [MessageKey.folderNameRequired]: "Enter a folder name",
  [MessageKey.folderNameFormat]: "Folder names are 2-16 English letters or Chinese characters",
  [MessageKey.titleRequired]: "Enter a title",
  [MessageKey.chooseVideo]: "Choose at least one video",
  [MessageKey.chooseFolder]: "Choose a folder",
  [MessageKey.agreementRequired]: "Tick the agreement first",
};

export function isMessageId(value: string): value is MessageId {
  return value in zh;
}

/** The sentence for a key in the request's language, with `{name}` values filled in. */
export function translate(
  language: ServerLanguage,
  key: MessageId,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const text = (language === "en_US" ? en : zh)[key] ?? zh[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function languageOf(header: unknown): ServerLanguage {
  return header === "en_US" ? "en_US" : "zh_CN";
}

/**
 * Values a domain sentence needs that a schema's refusal does not carry (the app's catalog says
 * "{min}-{max}", the server's own text has the numbers written in).
 */
const implicitValues: Readonly<Partial<Record<MessageId, Readonly<Record<string, number>>>>> = {
  [MessageKey.folderNameFormat]: { min: limits.folderNameMinLength, max: limits.folderNameMaxLength },
};

/** The envelope of a refusal in the language the request asked for. */
export interface Refusal {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  /** The stable key of the sentence (the app shows its own catalog's text for keys it knows). */
  readonly msgKey: MessageId;
  /** The values the sentence is filled with, when it has any. */
  readonly msgValues?: Readonly<Record<string, string | number>>;
}

/** The envelope of a refusal, `{code, msg, data, msgKey, msgValues}`, in the request's language. */
export function refusal(
  request: { readonly headers: Readonly<Record<string, unknown>> },
  code: number,
  key: MessageId,
  values: Readonly<Record<string, string | number>> = {},
  data: unknown = null,
): Refusal {
  const all = { ...implicitValues[key], ...values };
  const msg = translate(languageOf(request.headers.language), key, all);
  return Object.keys(all).length === 0
    ? { code, msg, data, msgKey: key }
    : { code, msg, data, msgKey: key, msgValues: all };
}
