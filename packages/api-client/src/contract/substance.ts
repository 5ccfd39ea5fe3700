import { DurationBucket, MessageKey, PriceFilter, SortOrder, TagFilter, limits } from "@platform/domain";
import { z } from "zod";
import {
  ZDateTime,
  ZEmpty,
  ZHundredths,
  ZId,
  ZInt32,
  ZLine,
  ZNone,
  ZPage,
  ZPageNumber,
  ZPageRequest,
  ZCursor,
  ZText,
  ZWatchLevel,
  ZWholeNumberText,
  trimInvisible,
} from "./common";

/** A video's details as its author sets them (saveMyVideo) and a pending edit holds them. */
/** A comment's text (spec §4): trimmed, not empty, at most 500 characters; live chat follows it too. */
export const ZCommentText = z
  .string()
  .overwrite(trimInvisible)
  .min(1, { error: MessageKey.commentRequired, abort: true })
  .pipe(ZText(limits.commentMaxLength));

export const ZVideoDetails = z.object({
  videoTitle: z.string(),
  introduction: z.string(),
  tags: z.array(z.string()),
  allowDownload: z.boolean(),
  watchLevel: ZWatchLevel,
  amount: ZHundredths,
  /** The preview of SVIP and CHARGE videos (milliseconds). */
  freeTimeMs: z.number().int().min(0),
  coverUrl: z.string().nullable(),
});

/**
 * What only the author sees of their video (decision 0018): why it failed or was refused (worded in
 * the request's language), how far processing is, and an edit of the published video still under
 * review (the published version stays up meanwhile).
 */
export const ZOwnerView = z.object({
  freeTimeMs: z.number().int().min(0),
  /** Why the status is what it is (failures and refusals), else null. */
  reason: z.string().nullable(),
  /** Processing (status 25): 0-100, else null. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The upload of the video's file, while it is not finished (status 15), else null. */
  uploadKey: z.string().nullable(),
  edit: ZVideoDetails.extend({
    /** The edit's review status: 40/50 reviewing, 60/70 refused. */
    status: z.number().int(),
    reason: z.string().nullable(),
  }).nullable(),
});

/** A video as lists show it (spec §3 Video). */
export const ZVideo = z.object({
  id: ZId,
  videoTitle: z.string(),
  introduction: z.string(),
  tags: z.array(z.string()),
  allowDownload: z.boolean(),
  nickName: z.string(),
  createUserName: z.string(),
  createUserId: ZId,
  avatarFileUrl: z.string().nullable(),
  /** Milliseconds. */
  videoLength: z.number().int().min(0),
  videoWidth: z.number().int().min(0),
  videoHeight: z.number().int().min(0),
  coverImage: z.string().nullable(),
  coverFileUrl: z.string().nullable(),
  /** Vertical videos prefer it (spec §3). */
  verticalCoverUrl: z.string().nullable(),
  playCount: z.number().int().min(0),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  watchLevel: ZWatchLevel,
  /** The price in hundredths (CHARGE videos; 0 otherwise). */
  amount: ZHundredths,
  /** Member discount in tenths of the price paid (8 = pay 80 %); null: none. */
  discount: z.number().nullable(),
  auditTime: ZDateTime.nullable(),
  /** Where this viewer stopped watching, in milliseconds. */
  seenMs: z.number().int().min(0).nullable(),
  /** Upload and review status code (15, 10, 20…77, 18…86, 99). */
  type: z.number().int(),
  createTime: ZDateTime,
  updateTime: ZDateTime,
  /** Only in answers to the video's author (their list, saveMyVideo, getInfoById): see ZOwnerView. */
  owner: ZOwnerView.optional(),
});

/** A video of the trend, with the plays it is ranked by: those of the last 7 days. */
export const ZTrendVideo = ZVideo.extend({ recentPlays: z.number().int().min(0) });

export const ZResolution = z.object({
  resolution: z.string(),
  /** A per-rendition HLS playlist; the client adds `token` and `bus_platform_id`. */
  videoPlayUrl: z.string(),
  defaultResolution: z.boolean(),
});

/** One video with what this viewer may do with it (getInfoById). */
export const ZVideoDetail = ZVideo.extend({
  multiResolutionList: z.array(ZResolution),
  /**
   * The video's master playlist (`master.m3u8`, its renditions the lightest first), for a player
   * that starts light and adapts up ('automatic' quality); null with fewer than two renditions.
   * Not in the spec: a client that does not read it plays the renditions above as before.
   */
  adaptivePlayUrl: z.string().nullable().optional(),
  videoOriginalFileUrl: z.string().nullable(),
  privileges: z.object({
    buyInfo: z.object({ isBuy: z.boolean() }),
    vipInfo: z.object({ isVip: z.boolean() }),
    watchLevel: ZWatchLevel,
  }),
  /** A locked viewer's preview ends here (milliseconds); the server's playlist ends there too. */
  freeTimeMs: z.number().int().min(0),
  /** The price this viewer pays when the server grants one (hundredths). */
  benefitAmount: ZHundredths.nullable(),
  likeFlag: z.boolean(),
  collectFlag: z.boolean(),
  hasFollow: z.boolean(),
  forwardCount: z.number().int().min(0),
});

export const ZCommentReply = z.object({
  id: ZId,
  commentUserId: ZId,
  commentUserName: z.string(),
  replyCommentUserName: z.string().nullable(),
  commentContent: z.string(),
  createTime: ZDateTime,
});

export const ZComment = z.object({
  id: ZId,
  commentUserId: ZId,
  commentUserName: z.string(),
  commentUserAvatar: z.string().nullable(),
  commentContent: z.string(),
  createTime: ZDateTime,
  likeFlag: z.boolean(),
  likeCount: z.number().int().min(0),
  /** The first replies (childSize of them). */
  childList: z.array(ZCommentReply),
  childCount: z.number().int().min(0),
  replyCommentId: ZId.nullable(),
});

export const ZFavoriteFolder = z.object({
  id: ZId,
  name: z.string(),
  videoCount: z.number().int().min(0),
  coverUrl: z.string().nullable(),
  createTime: ZDateTime,
});

export const ZAuthor = z.object({
  userId: ZId,
  nickName: z.string(),
  avatarFileUrl: z.string().nullable(),
  bgImgFileUrl: z.string().nullable(),
  introduction: z.string().nullable(),
  fansCount: z.number().int().min(0),
  followCount: z.number().int().min(0),
  videoCount: z.number().int().min(0),
  likeCount: z.number().int().min(0),
  hasFollow: z.boolean(),
  isSelf: z.boolean(),
  isVip: z.boolean(),
});

export const ZTopic = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  videoCount: z.number().int().min(0),
});

/** Favourites folder names (spec §5): English letters or Chinese characters, 2-16. */
export const ZFolderName = z
  .string({ error: MessageKey.folderNameRequired })
  .trim()
  .min(1, { error: MessageKey.folderNameRequired, abort: true })
  .regex(/^[A-Za-z\p{Script=Han}]{2,16}$/u, { error: MessageKey.folderNameFormat });

/** Filters of spec §3, shared by the video list and the search. */
export const ZVideoFilters = z.object({
  price: z.enum(PriceFilter).default(PriceFilter.all),
  sort: z.enum(SortOrder).default(SortOrder.default),
  duration: z.enum(DurationBucket).default(DurationBucket.all),
  tag: z.enum(TagFilter).nullable().default(null),
});

/**
 * A channel's id (spec: `channelTagId`): a safe integer from 0 — 0 is the main site, the default
 * channel — as canonical decimal text, refused at the boundary otherwise, like `ZId`.
 */
export const ZChannelId = ZWholeNumberText(0, "not a channel id (a whole number from 0)");

/**
 * A channel (the /d/{channelTagId} page): its name in the request's `language` (en_US → English,
 * otherwise Chinese), and both names, so an app can follow a language switch without asking again.
 */
export const ZChannel = z.object({
  channelTagId: z.string(),
  name: z.string(),
  names: z.object({ zhCN: z.string(), enUS: z.string() }),
});

const ZSubstanceRef = z.object({ substanceId: ZId });
const ZVideoIds = z.array(ZId).min(1, { error: MessageKey.chooseVideo }).max(100);
const ZLikeState = z.object({ likeFlag: z.boolean(), likeCount: z.number().int().min(0) });
const ZCollectState = z.object({ collectFlag: z.boolean(), collectCount: z.number().int().min(0) });

export const substanceSchemas = {
  "substance.classifyList": {
    request: z.object({ limit: z.number().int().min(1).max(50).default(20) }),
    response: z.array(z.object({ id: ZId, name: z.string(), sort: z.number().int() })),
  },
  "substance.getVideoList": {
    request: ZPageRequest.extend(ZVideoFilters.shape).extend({
      classifyId: ZId.optional(),
      topicId: ZId.optional(),
      channelTagId: ZLine(32).optional(),
    }),
    response: ZPage(ZVideo),
  },
  /** The 'trend' tab (Step 16): the videos most played in the last week, by page number. */
  "substance.trendList": {
    request: ZPageRequest.pick({ current: true, size: true }),
    response: ZPage(ZTrendVideo),
  },
  "substance.getInfoById": { request: z.object({ id: ZId }), response: ZVideoDetail },
  "substance.recommendByVideoId": {
    request: z.object({ videoId: ZId, size: z.number().int().min(1).max(30).default(10) }),
    response: z.array(ZVideo),
  },
  "substance.getMyVideoList": { request: ZPageRequest, response: ZPage(ZVideo) },
  "substance.browseMyVideo": { request: ZPageRequest.extend({ userId: ZId }), response: ZPage(ZVideo) },
  "substance.saveMyVideo": {
    request: z.object({
      /** Present when editing; absent when posting a new video. */
      id: ZId.optional(),
      videoTitle: ZLine(100).min(1, { error: MessageKey.titleRequired }),
      introduction: ZText(limits.introductionMaxLength).default(""),
      tags: z.array(ZLine(limits.videoTagMaxLength).min(1)).max(limits.videoTagsMax).default([]),
      allowDownload: z.boolean().default(false),
      watchLevel: ZWatchLevel,
      /** The price of a CHARGE video in hundredths, within creationConfig's bounds (0 otherwise). */
      amount: ZHundredths.default(0),
      /** The preview of SVIP and CHARGE videos in milliseconds, within creationConfig's bound. */
      freeTimeMs: ZInt32.default(15_000),
      /** Upload keys from uploadSignUrl: the video (new posts, or a failed one's new file) and covers. */
      videoKey: ZLine(256).optional(),
      coverKey: ZLine(256).optional(),
      verticalCoverKey: ZLine(256).optional(),
    }),
    response: ZVideo,
  },
  /**
   * What the caller earned from sales of their videos (Step 22: the creators' share) in the last
   * `days` (1-90, UTC days): in all, per day (every day, oldest first) and per video (most first).
   * A sale refunded since (the video deleted or taken down) no longer counts.
   */
  "substance.creatorEarnings": {
    request: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
    response: z.object({
      sharePercent: z.number().int().min(0).max(100),
      total: ZHundredths,
      sales: z.number().int().min(0),
      days: z.array(z.object({ day: z.string(), amount: ZHundredths, sales: z.number().int().min(0) })),
      videos: z.array(
        z.object({ videoId: ZId, title: z.string(), amount: ZHundredths, sales: z.number().int().min(0) }),
      ),
    }),
  },
  /** The rules of posting a video, from the server's settings. */
  "substance.creationConfig": {
    request: ZEmpty,
    response: z.object({
      priceMin: ZHundredths,
      priceMax: ZHundredths,
      previewMaxMs: z.number().int().min(0),
      previewDefaultMs: z.number().int().min(0),
      videoMaxBytes: z.number().int().min(1),
      pictureMaxBytes: z.number().int().min(1),
      videoTypes: z.array(z.string()),
      pictureTypes: z.array(z.string()),
    }),
  },
  "substance.deleteMyVideo": { request: z.object({ id: ZId }), response: ZNone },
  "substance.authorInfo": { request: z.object({ userId: ZId }), response: ZAuthor },
  "substance.doLike": { request: ZSubstanceRef, response: ZLikeState },
  "substance.collect": { request: ZSubstanceRef, response: ZCollectState },
  "substance.cancelCollect": { request: ZSubstanceRef, response: ZCollectState },
  "substance.collectList": {
    request: ZPageRequest.extend({ favoriteId: ZId.optional() }),
    response: ZPage(ZVideo),
  },
  "substance.doPlay": {
    request: z.object({
      onlineId: ZId,
      renewCount: ZInt32,
      seenMs: ZInt32,
    }),
    response: ZNone,
  },
  "substance.buyVideo": {
    request: z.object({ payType: z.literal("GOLD"), substanceId: ZId }),
    response: z.object({ isBuy: z.literal(true), paidAmount: ZHundredths, balance: ZHundredths }),
  },
  "substance.commentList": {
    request: z.object({
      childSize: z.number().int().min(0).max(10).default(limits.commentRepliesShown),
      current: ZPageNumber.default(1),
      size: z.number().int().min(1).max(50).default(limits.commentPageSize),
      /** Opaque id of one opening of the panel (spec §7 sends it; the server pages newest first). */
      sessionId: ZLine(64).default(""),
      /** 0: newest first. */
      sortRule: z.literal(0).default(0),
      substanceId: ZId,
      /** When given, the page lists that comment's replies (oldest first): 'more replies'. */
      rootCommentId: ZId.optional(),
      /** Keyset paging, as `ZPageRequest`'s (decision 0016). */
      cursor: ZCursor.nullable().optional(),
    }),
    response: ZPage(ZComment),
  },
  "substance.doComment": {
    request: z.object({
      commentContent: ZCommentText,
      substanceId: ZId,
      replyCommentId: ZId.optional(),
    }),
    response: ZComment,
  },
  "substance.likeComment": { request: z.object({ commentId: ZId }), response: ZLikeState },
  "substance.deleteComment": { request: z.object({ commentId: ZId }), response: ZNone },
  "substance.getFavorite": { request: ZEmpty, response: z.array(ZFavoriteFolder) },
  "substance.createFavorite": { request: z.object({ name: ZFolderName }), response: ZFavoriteFolder },
  "substance.updateFavorite": {
    request: z.object({ id: ZId, name: ZFolderName }),
    response: ZFavoriteFolder,
  },
  "substance.deleteFavorite": { request: z.object({ id: ZId }), response: ZNone },
  "substance.bindCollect": {
    request: z.object({ favoriteId: ZId, substanceIds: ZVideoIds }),
    response: ZFavoriteFolder,
  },
  "substance.unbindCollect": {
    request: z.object({ favoriteId: ZId, substanceIds: ZVideoIds }),
    response: ZFavoriteFolder,
  },
  "substance.myBuyVideoList": { request: ZPageRequest, response: ZPage(ZVideo) },
  "substance.topicList": { request: ZPageRequest, response: ZPage(ZTopic) },
  "substance.doForward": {
    request: ZSubstanceRef,
    response: z.object({ forwardCount: z.number().int().min(0), shareUrl: z.string() }),
  },
  "substance.channelInfo": { request: z.object({ channelTagId: ZChannelId }), response: ZChannel },
} as const;
