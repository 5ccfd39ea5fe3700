import { useLingui } from "@lingui/react/macro";
import type { ResponseOf } from "@platform/api-client";
import { GameRoundOutcome, MessageKind, OrderTab, formatAmount } from "@platform/domain";
import { MoneyUnit, amountIn } from "@platform/i18n";

/** A message of the message centre: its kind with parameters, read or not, and when. */
export type CentreMessage = ResponseOf<"user.messageList">["records"][number];

/** A message of the message centre as the reader reads it: a title and a sentence. */
export interface MessageWords {
  readonly title: string;
  readonly body: string;
}

/** A kind of message as /messagesettings names it: its label and a one-line description. */
export interface MessageKindWords {
  readonly label: string;
  readonly description: string;
}

/**
 * The words of a message in the reader's language, from its kind and parameters (the server stores
 * no sentence): amounts are hundredths shown with two decimals (domain `formatAmount`).
 */
export function useMessageWords(): (message: CentreMessage) => MessageWords {
  const { t, i18n } = useLingui();
  return (message) => {
    switch (message.kind) {
      case MessageKind.PURCHASE: {
        const title = message.params.videoTitle;
        const amount = amountIn(i18n, MoneyUnit.gold, message.params.amount);
        return { title: t`购买成功`, body: t`你已用 ${amount}购买《${title}》` };
      }
      case MessageKind.PURCHASE_REFUND: {
        const title = message.params.videoTitle;
        const amount = formatAmount(message.params.amount);
        return { title: t`购买已退款`, body: t`《${title}》已被删除，你支付的 ${amount} 金币已退回账户余额` };
      }
      case MessageKind.WITHDRAW_SETTLED: {
        const { orderNum, reason } = message.params;
        const amount = formatAmount(message.params.amount);
        if (message.params.succeeded) {
          return { title: t`提现成功`, body: t`提现订单 ${orderNum} 已到账 ${amount}` };
        }
        const failed = t`提现订单 ${orderNum} 的 ${amount} 提现失败，金额已退回`;
        return { title: t`提现失败`, body: reason === null ? failed : t`${failed}（原因：${reason}）` };
      }
      case MessageKind.VIDEO_REVIEW: {
        const { videoTitle: title, reason } = message.params;
        if (message.params.approved) {
          return { title: t`视频审核通过`, body: t`你的视频《${title}》已通过审核并发布` };
        }
        const refused = t`你的视频《${title}》未通过审核`;
        return {
          title: t`视频审核未通过`,
          body: reason === null ? refused : t`${refused}（原因：${reason}）`,
        };
      }
      case MessageKind.COMMENT_REPLY: {
        const { replierName: name, videoTitle: title, excerpt } = message.params;
        return { title: t`收到新回复`, body: t`${name} 回复了你在《${title}》下的评论：${excerpt}` };
      }
      case MessageKind.REPORT_OUTCOME: {
        const { summary } = message.params;
        const outcome = {
          REMOVED: t`你举报的「${summary}」经审核已被移除，感谢你的反馈`,
          WARNED: t`你举报的「${summary}」经审核，已对发布者作出警告，感谢你的反馈`,
          DISMISSED: t`你举报的「${summary}」经审核未发现违规，感谢你的反馈`,
        };
        return { title: t`举报已处理`, body: outcome[message.params.resolution] };
      }
      case MessageKind.MODERATION: {
        const { summary, reason } = message.params;
        return message.params.action === "REMOVED"
          ? { title: t`内容已被移除`, body: t`你发布的「${summary}」因「${reason}」被平台移除` }
          : { title: t`平台提醒`, body: t`你发布的「${summary}」被举报并经审核：${reason}。请遵守社区规则` };
      }
      case MessageKind.GAME_ROUND: {
        const game = i18n.locale.startsWith("en") ? message.params.gameNameEn : message.params.gameName;
        const stake = formatAmount(message.params.stake);
        const amount = formatAmount(message.params.amount);
        switch (message.params.outcome) {
          case GameRoundOutcome.VOIDED:
            return {
              title: t`游戏注单已退回`,
              body: t`${game} 的一局下注 ${stake} 没有等到游戏结果，已退回你的游戏余额`,
            };
          case GameRoundOutcome.WIN_HELD:
            return {
              title: t`大额赢取待审核`,
              body: t`${game} 的一局赢取 ${amount} 超出自动派彩上限，平台审核后发放`,
            };
          case GameRoundOutcome.WIN_PAID:
            return { title: t`赢取已发放`, body: t`${game} 的一局赢取 ${amount} 已审核通过，发放到游戏余额` };
          case GameRoundOutcome.WIN_REFUSED:
            return {
              title: t`赢取未通过审核`,
              body: t`${game} 的一局赢取 ${amount} 未通过审核，该局按未赢处理；如有疑问请联系客服`,
            };
        }
      }
    }
  };
}

/** Each kind's label and description in the reader's language (/messagesettings). */
export function useMessageKindWords(): (kind: MessageKind) => MessageKindWords {
  const { t } = useLingui();
  return (kind) => {
    switch (kind) {
      case MessageKind.PURCHASE:
        return { label: t`购买通知`, description: t`购买视频成功时通知我` };
      case MessageKind.PURCHASE_REFUND:
        return { label: t`退款通知`, description: t`我购买的视频被删除、金币退回时通知我` };
      case MessageKind.WITHDRAW_SETTLED:
        return { label: t`提现通知`, description: t`提现到账或失败时通知我` };
      case MessageKind.VIDEO_REVIEW:
        return { label: t`审核通知`, description: t`我发布的视频审核通过或未通过时通知我` };
      case MessageKind.COMMENT_REPLY:
        return { label: t`评论回复`, description: t`有人回复我的评论时通知我` };
      case MessageKind.GAME_ROUND:
        return { label: t`游戏通知`, description: t`游戏注单被退回、大额赢取审核时通知我` };
      case MessageKind.REPORT_OUTCOME:
        return { label: t`举报结果`, description: t`我举报的内容处理完成时通知我` };
      case MessageKind.MODERATION:
        return { label: t`平台提醒`, description: t`我发布的内容被移除或收到提醒时通知我` };
    }
  };
}

/** Where a message leads when tapped: the screen of what it is about. */
export type MessageTarget =
  | { readonly to: "/videoview"; readonly search: { readonly id: string } }
  | { readonly to: "/editvideo"; readonly search: { readonly id: string } }
  | {
      readonly to: "/orderdetails";
      readonly search: { readonly page: typeof OrderTab.WITHDRAW_ORDER; readonly orderNum: string };
    }
  | { readonly to: "/game" }
  | { readonly to: "/mybuy" }
  | { readonly to: "/messages" };

/**
 * What a message opens: its video (a purchase, a reply, a published video), the editor of a
 * refused video (where the reason is shown and the video is sent again), the withdrawal's order,
 * or one's purchases (a refund: the video is gone).
 */
export function messageTargetOf(message: CentreMessage): MessageTarget {
  switch (message.kind) {
    case MessageKind.PURCHASE:
    case MessageKind.COMMENT_REPLY:
      return { to: "/videoview", search: { id: message.params.videoId } };
    case MessageKind.VIDEO_REVIEW:
      return message.params.approved
        ? { to: "/videoview", search: { id: message.params.videoId } }
        : { to: "/editvideo", search: { id: message.params.videoId } };
    case MessageKind.WITHDRAW_SETTLED:
      return {
        to: "/orderdetails",
        search: { page: OrderTab.WITHDRAW_ORDER, orderNum: message.params.orderNum },
      };
    case MessageKind.GAME_ROUND:
      return { to: "/game" };
    // The video is gone: one's purchases show what is left.
    case MessageKind.PURCHASE_REFUND:
      return { to: "/mybuy" };
    // What was reported or removed may be gone: the message itself says all there is.
    case MessageKind.REPORT_OUTCOME:
    case MessageKind.MODERATION:
      return { to: "/messages" };
  }
}
