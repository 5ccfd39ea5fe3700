import { z } from "zod";
import {
  ZEmpty,
  ZHundredths,
  ZId,
  ZJumpPicture,
  ZLine,
  ZNone,
  ZPage,
  ZPageNumber,
  ZPageRequest,
  ZWatchLevel,
} from "./common";
import { ZCommentText, ZVideo, ZVideoFilters } from "./substance";

/** A row of the member search (spec §3 user search record). */
/** An upload's key, as uploadSignUrl gave it. */
const ZUploadKey = ZLine(256).min(1);
/** S3's part numbers: 1 to 10 000. */
const ZPartNumber = z.number().int().min(1).max(10_000);
const ZMultipart = z.object({
  partSize: z.number().int().min(1),
  partCount: z.number().int().min(1).max(10_000),
  expiresAt: z.number().int().min(0),
});
const ZArrivedPart = z.object({ partNumber: ZPartNumber, size: z.number().int().min(1), etag: z.string() });

export const ZUserSearchRecord = z.object({
  userId: ZId,
  nickName: z.string(),
  avatarFileUrl: z.string().nullable(),
  fansCount: z.number().int().min(0),
  hasFollow: z.boolean(),
});

export const ZLiveRoom = z.object({
  roomId: ZId,
  title: z.string(),
  anchorId: ZId,
  anchorName: z.string(),
  anchorAvatarUrl: z.string().nullable(),
  /** A picture of the stream (every few seconds while live), else null. */
  coverUrl: z.string().nullable(),
  /** People watching now (open chat streams, every server process together). */
  online: z.number().int().min(0),
  isLive: z.boolean(),
  /** HLS playlist of the room's stream (all renditions); the client adds `token` and `bus_platform_id`. */
  playUrl: z.string(),
  /** Who may watch: anyone (FREE), super members (SVIP), ticket holders (CHARGE). */
  watchLevel: ZWatchLevel,
  /** A CHARGE room's ticket, hundredths of gold (0 otherwise). */
  price: ZHundredths,
  startedAt: z.string().nullable(),
});

/** Live room states: never went live, live now, ended. */
export const ZLiveStatus = z.enum(["IDLE", "LIVE", "ENDED"]);

export const ZLiveRoomDetail = ZLiveRoom.extend({
  status: ZLiveStatus,
  endedAt: z.string().nullable(),
  /** One playlist per rendition, for the quality menu (the source's first). */
  renditions: z.array(z.object({ resolution: z.string(), videoPlayUrl: z.string() })),
  /** Whether this caller may watch; when not, why (SVIP: members only; CHARGE: a ticket). */
  canWatch: z.boolean(),
  lockedBy: z.enum(["SVIP", "CHARGE"]).nullable(),
  isOwner: z.boolean(),
  /** The chat's server-sent events (history, messages, removals, the room's state). */
  chatUrl: z.string(),
  chatMaxLength: z.number().int().min(1),
});

/** An author's own room, with what their encoder needs. */
export const ZMyLiveRoom = z.object({
  roomId: ZId,
  title: z.string(),
  watchLevel: ZWatchLevel,
  price: ZHundredths,
  status: ZLiveStatus,
  /** The encoder's server (OBS: 'Server'); null when this server takes no streams. */
  rtmpUrl: z.string().nullable(),
  /** The encoder's stream key: a secret, shown to its author only. */
  streamKey: z.string(),
  priceMin: ZHundredths,
  priceMax: ZHundredths,
});

export const ZLiveMessage = z.object({
  id: ZId,
  roomId: ZId,
  userId: ZId,
  nickName: z.string(),
  avatarUrl: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});

/**
 * Why the server closed a chat stream (its last event): the token it was opened with ran out or
 * its session ended (EXPIRED: refresh the token and open the stream again). `msgKey` and `msg` are
 * the server's sentence for it, in the stream's `language`. A room's access changing does not
 * close a stream (Step 19: anyone reads a live room's chat): it sends `access` instead.
 */
export interface LiveChatClosed {
  readonly reason: "EXPIRED";
  readonly msgKey: string;
  readonly msg: string;
}

/**
 * The room's access changed (its owner made it free, ticket-only or members-only): what this
 * stream's viewer needs now to watch the room and write in its chat (null: nothing). The stream
 * goes on: the chat is read by anyone.
 */
export interface LiveChatAccess {
  readonly lockedBy: "SVIP" | "CHARGE" | null;
}

/** What the chat stream sends (each server-sent event's `data`, by its `event` name). */
export type LiveChatEvent =
  | { readonly event: "history"; readonly data: { readonly messages: z.infer<typeof ZLiveMessage>[] } }
  | { readonly event: "message"; readonly data: z.infer<typeof ZLiveMessage> }
  | { readonly event: "removed"; readonly data: { readonly id: string } }
  | { readonly event: "room"; readonly data: { readonly status: z.infer<typeof ZLiveStatus> } }
  | { readonly event: "online"; readonly data: { readonly online: number } }
  | { readonly event: "access"; readonly data: LiveChatAccess }
  | { readonly event: "closed"; readonly data: LiveChatClosed };

export const ZGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  category: z.string(),
});

const ZFollow = z.object({ followUserId: ZId, userId: ZId });
const ZFollowState = z.object({ hasFollow: z.boolean(), fansCount: z.number().int().min(0) });

export const socialSchemas = {
  "marketing.propsList": {
    request: ZEmpty,
    response: z.object({
      integral: z.number().int().min(0),
      gameToken: z.number().int().min(0),
      videoCard: z.number().int().min(0),
    }),
  },
  "game.userBalance": {
    request: ZEmpty,
    response: z.object({
      gold: ZHundredths,
      wallet: ZHundredths,
      game: ZHundredths,
      /** The game bonus, locked until the bets reach the condition (decision 0021). */
      gameBonus: ZHundredths,
      /**
       * What the games can bet: the game balance and the bonus together (what a game's page shows
       * as its balance; the wallet's `balance`).
       */
      playable: ZHundredths,
      /** Bets still needed before the bonus unlocks and the game balance can go back to gold. */
      wagerRemaining: ZHundredths,
      /** The bonus an exchange of gold into the game adds, in percent of it. */
      bonusPercent: z.number().int().min(0).max(100),
    }),
  },
  "game.indexData": {
    request: ZEmpty,
    response: z.object({
      games: z.array(ZGame),
      banners: z.array(ZJumpPicture),
      notice: z.string().nullable(),
    }),
  },
  "game.enterGameUrl": {
    request: z.object({ gameCode: ZLine(64).min(1) }),
    response: z.object({ url: z.string() }),
  },
  "game.starLiveSdk": {
    request: ZEmpty,
    response: z.object({ sdkVersion: z.string(), rooms: z.array(ZLiveRoom) }),
  },
  "game.liveRoom": { request: z.object({ roomId: ZId }), response: ZLiveRoomDetail },
  "game.liveMyRoom": { request: ZEmpty, response: ZMyLiveRoom },
  "game.liveSaveRoom": {
    request: z.object({
      title: ZLine(40).min(1),
      watchLevel: ZWatchLevel,
      price: ZHundredths.default(0),
    }),
    response: ZMyLiveRoom,
  },
  "game.liveResetKey": { request: ZEmpty, response: ZMyLiveRoom },
  "game.liveBuyTicket": {
    request: z.object({ roomId: ZId }),
    response: z.object({ paidAmount: ZHundredths, balance: ZHundredths }),
  },
  "game.liveChatSend": {
    request: z.object({ roomId: ZId, content: ZCommentText }),
    response: ZLiveMessage,
  },
  "game.liveChatRemove": {
    request: z.object({ roomId: ZId, messageId: ZId }),
    response: z.object({ removed: z.literal(true) }),
  },
  "contacts.follow": { request: ZFollow, response: ZFollowState },
  "contacts.unfollow": { request: ZFollow, response: ZFollowState },
  "search.substance": {
    request: ZPageRequest.extend(ZVideoFilters.shape).extend({
      keyword: ZLine(64).default(""),
    }),
    response: ZPage(ZVideo),
  },
  "search.user": {
    request: z.object({
      content: ZLine(64),
      current: ZPageNumber.default(1),
      size: z.number().int().min(1).max(50).default(10),
    }),
    response: ZPage(ZUserSearchRecord),
  },
  /** The search page's hot tags: the most watched tags of published videos, most watched first. */
  "search.hotTags": {
    request: ZEmpty,
    response: z.array(z.object({ tag: z.string(), playCount: z.number().int().min(0) })),
  },
  "search.watchHistory": {
    request: ZPageRequest.extend({ keyword: ZLine(64).default("") }),
    response: ZPage(ZVideo.extend({ browseTime: z.string() })),
  },
  "search.deleteWatchHistory": {
    request: z
      .object({ substanceIds: z.array(ZId).max(100).optional(), all: z.boolean().optional() })
      .refine((v) => v.all === true || (v.substanceIds?.length ?? 0) > 0, {
        error: "choose history to delete",
      }),
    response: ZNone,
  },
  "upload.signUrl": {
    request: z.object({
      busType: z.literal("FILE"),
      channelEnum: z.literal("APP"),
      fileName: ZLine(200).min(1),
      filePath: z.literal("").default(""),
      uploadFileType: z.enum(["PICTURE", "VIDEO"]),
      /** Declared so the server can refuse a wrong type or an oversized file before the upload. */
      contentType: ZLine(100).optional(),
      fileSize: z.number().int().min(1).optional(),
    }),
    response: z.object({
      uploadUrl: z.string(),
      key: z.string(),
      bucketEnum: z.string(),
      /**
       * VIDEO uploads may also go in parts (decision 0018): the part size and count, and until when
       * the upload can be resumed (epoch milliseconds). `upload.resume` signs the parts' URLs.
       */
      multipart: ZMultipart.optional(),
    }),
  },
  "upload.resume": {
    request: z.object({
      key: ZUploadKey,
      /** The parts to sign URLs for (at most 100 at a time); none: only say what arrived. */
      partNumbers: z.array(ZPartNumber).max(100).default([]),
    }),
    response: ZMultipart.extend({
      key: z.string(),
      size: z.number().int().min(1),
      /** The parts the server has, in order. */
      arrived: z.array(ZArrivedPart),
      urls: z.array(z.object({ partNumber: ZPartNumber, url: z.string() })),
      completed: z.boolean(),
    }),
  },
  "upload.partDone": {
    request: z.object({ key: ZUploadKey, partNumber: ZPartNumber, etag: ZLine(128).min(1) }),
    response: z.object({ arrivedBytes: z.number().int().min(0) }),
  },
  "upload.complete": {
    request: z.object({ key: ZUploadKey }),
    response: z.object({ key: z.string(), size: z.number().int().min(1) }),
  },
  "upload.abort": { request: z.object({ key: ZUploadKey }), response: ZNone },
  /**
   * The caller's uploads against their limits (Step 18): bytes kept in the store, bytes sent in
   * the last 24 hours, unfinished uploads; each with its limit (the server's settings).
   */
  "upload.usage": {
    request: ZEmpty,
    response: z.object({
      diskUsedBytes: z.number().int().min(0),
      diskLimitBytes: z.number().int().min(1),
      dayUsedBytes: z.number().int().min(0),
      dayLimitBytes: z.number().int().min(1),
      pending: z.number().int().min(0),
      pendingLimit: z.number().int().min(1),
    }),
  },
} as const;
