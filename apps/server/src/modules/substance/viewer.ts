/**
 * One video as a viewer sees it: the cached row, what this viewer did with it, the detail answer.
 */
import { BusinessCode, VIDEO_PUBLISHED, WatchLevel } from "@platform/domain";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { follows, purchases, videoCollects, videoLikes, videos, watchHistory } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import {
  freeTimeOf,
  limitOf,
  playlistAccess,
  priceFor,
  privilegesOf,
  viewerFrom,
  watchableVideo,
} from "./access";
import type { VideoRow } from "./access";
import { dateFormatOf, toVideo, videoQuery } from "./videos";
import { ownerViewFor } from "./owner-view";
import type { ListedVideo } from "./videos";
import { forgetVideo, forgetViewer, substanceCaches } from "./caches";

export { forgetVideo, forgetViewer };
import type { ViewerFlags } from "./caches";
import type { ResponseOf } from "@platform/api-client";
import type { RouteInput } from "../../http/route";

/** A video row without viewer data, kept briefly; writes of this process drop it. */
async function videoRow(ctx: AppContext, id: number): Promise<ListedVideo | null> {
  if (!Number.isSafeInteger(id)) return null;
  const cached = substanceCaches(ctx).videos.get(id);
  if (cached !== undefined) return cached;
  return substanceCaches(ctx).videos.through(id, async () => {
    const [row] = await videoQuery(ctx, null).where(eq(videos.id, id));
    return row ?? null;
  });
}

/**
 * What this viewer has done with a video, in one statement, kept briefly; every write of this
 * process that changes one drops the viewer's entries (forgetViewer). The rights it reports are
 * what the app shows; the media routes decide from the database itself.
 */
async function viewerFlags(ctx: AppContext, viewerId: number | null, video: VideoRow): Promise<ViewerFlags> {
  if (viewerId === null) return NO_FLAGS;
  const key = `${String(viewerId)}:${String(video.id)}`;
  return (
    substanceCaches(ctx).viewerFlags.get(key) ??
    substanceCaches(ctx).viewerFlags.through(key, () => loadViewerFlags(ctx, viewerId, video))
  );
}

/** A visitor's flags: nothing bought, liked, collected or followed, nothing seen. */
const NO_FLAGS: ViewerFlags = {
  bought: false,
  liked: false,
  collected: false,
  following: false,
  seenMs: null,
};

async function loadViewerFlags(ctx: AppContext, viewerId: number, video: VideoRow): Promise<ViewerFlags> {
  const result = await ctx.db.execute(sql`select
    exists (select 1 from ${purchases} where ${purchases.userId} = ${viewerId} and ${purchases.videoId} = ${video.id}) as bought,
    exists (select 1 from ${videoLikes} where ${videoLikes.userId} = ${viewerId} and ${videoLikes.videoId} = ${video.id}) as liked,
    exists (select 1 from ${videoCollects} where ${videoCollects.userId} = ${viewerId} and ${videoCollects.videoId} = ${video.id}) as collected,
    exists (select 1 from ${follows} where ${follows.userId} = ${viewerId} and ${follows.followUserId} = ${video.authorId}) as following,
    (select ${watchHistory.seenMs} from ${watchHistory} where ${watchHistory.userId} = ${viewerId} and ${watchHistory.videoId} = ${video.id}) as seen`);
  const [flags] = (
    result as {
      rows: {
        bought: boolean;
        liked: boolean;
        collected: boolean;
        following: boolean;
        seen: number | null;
      }[];
    }
  ).rows;
  return {
    bought: flags?.bought === true,
    liked: flags?.liked === true,
    collected: flags?.collected === true,
    following: flags?.following === true,
    seenMs: flags?.seen ?? null,
  };
}

export async function mustWatch(ctx: AppContext, id: string, viewerId: number | null): Promise<VideoRow> {
  const video = await watchableVideo(ctx.db, Number(id), viewerId);
  if (!video) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return video;
}

export async function getInfoById(
  ctx: AppContext,
  { body, caller, request }: RouteInput<"substance.getInfoById">,
): Promise<ResponseOf<"substance.getInfoById">> {
  const viewer = viewerFrom(ctx, caller);
  const row = await videoRow(ctx, Number(body.id));
  const visible =
    row !== null &&
    row.deletedAt === null &&
    (row.status === VIDEO_PUBLISHED || (viewer.userId !== null && row.authorId === viewer.userId));
  if (!visible) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  // A clip this process knows needs no lookup: then no Promise.all (issue 41: its promises were
  // the largest part of this function's own time); an upload's clip it has not seen yet is looked
  // up beside the flags.
  const flags = viewerFlags(ctx, viewer.userId, row);
  const mine =
    ctx.media.clip(row.mediaKey) === undefined
      ? (await Promise.all([flags, ctx.media.load(row.mediaKey)]))[0]
      : await flags;
  const own = viewer.userId !== null && row.authorId === viewer.userId;
  const privileges = privilegesOf(row, viewer, mine.bought);
  const access = playlistAccess(limitOf(row, privileges));
  return {
    ...toVideo(ctx, row, dateFormatOf(request), mine.seenMs),
    ...(own ? { owner: await ownerViewFor(ctx, request, row) } : {}),
    multiResolutionList: ctx.media.resolutions(row.mediaKey, row.id, access),
    adaptivePlayUrl: ctx.media.adaptiveUrl(row.mediaKey, row.id, access),
    videoOriginalFileUrl: null,
    privileges,
    freeTimeMs: freeTimeOf(row),
    benefitAmount: row.watchLevel === WatchLevel.CHARGE ? priceFor(ctx, row, viewer) : null,
    likeFlag: mine.liked,
    collectFlag: mine.collected,
    hasFollow: mine.following,
    forwardCount: row.forwardCount,
  };
}
