import type { z } from "zod";
import type { ZCredentials, ZUserInfo } from "./contract/common";
import type { schemas } from "./contract/schemas";
import type { EndpointName } from "./endpoints";

/**
 * Types of every call, inferred from the contract's schemas. Only types cross into the main entry:
 * the browser bundle carries no schema code.
 */
export type RequestOf<K extends EndpointName> = z.input<(typeof schemas)[K]["request"]>;
export type ResponseOf<K extends EndpointName> = z.output<(typeof schemas)[K]["response"]>;

export type Credentials = z.output<typeof ZCredentials>;
export type UserInfo = z.output<typeof ZUserInfo>;

export type Profile = ResponseOf<"user.queryInfo">;
export type PanelUserInfo = ResponseOf<"user.userInfo">;
export type Video = ResponseOf<"substance.getVideoList">["records"][number];
export type VideoDetail = ResponseOf<"substance.getInfoById">;
export type Comment = ResponseOf<"substance.commentList">["records"][number];
export type FavoriteFolder = ResponseOf<"substance.createFavorite">;
export type Author = ResponseOf<"substance.authorInfo">;
export type Channel = ResponseOf<"substance.channelInfo">;
export type UserSearchRecord = ResponseOf<"search.user">["records"][number];
export type WalletEntry = ResponseOf<"trade.accountDetail">[number];
export type BankCard = ResponseOf<"trade.createPayee">;
export type RechargeOrder = ResponseOf<"trade.orderDetail">;
export type WithdrawOrder = ResponseOf<"trade.withdrawByOrderNum">;
export type LiveRoom = ResponseOf<"game.starLiveSdk">["rooms"][number];
export type LiveRoomDetail = ResponseOf<"game.liveRoom">;
export type MyLiveRoom = ResponseOf<"game.liveMyRoom">;
export type LiveMessage = ResponseOf<"game.liveChatSend">;
export type { LiveChatAccess, LiveChatClosed, LiveChatEvent } from "./contract/social";
export type UploadSign = ResponseOf<"upload.signUrl">;

/** A paged answer. */
export interface Page<T> {
  readonly records: T[];
  readonly total: number;
  readonly current: number;
  readonly size: number;
}
