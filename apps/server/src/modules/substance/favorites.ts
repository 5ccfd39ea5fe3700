/** Favourites folders (spec §3, §5): names unique per user, only the owner touches a folder. */
import { BusinessCode } from "@platform/domain";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { intKey, keyset } from "../../db/keyset";
import type { Db } from "../../db/database";
import { countWhere, existsWhere } from "../../db/subqueries";
import { favoriteFolders, favoriteItems, videoCollects, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { isPublished } from "./access";
import { dateFormatOf } from "./videos";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { videoPage } from "./lists";
import { forgetVideo, forgetViewer } from "./viewer";
import { collectInto } from "./reactions";

/** A unique-index violation (the same folder name twice), on either driver. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function ownFolder(db: Db, userId: number, id: string) {
  const [folder] = await db
    .select()
    .from(favoriteFolders)
    .where(eq(favoriteFolders.id, Number(id)));
  if (!folder) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  if (folder.userId !== userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
  return folder;
}

/** Folders with how many videos they hold and the newest one's cover. */
async function foldersOf(ctx: AppContext, userId: number, format: (d: Date) => string, only?: number) {
  const rows = await ctx.db
    .select({
      folder: favoriteFolders,
      videoCount: countWhere(ctx.db, favoriteItems, eq(favoriteItems.folderId, favoriteFolders.id)),
      // Built with the query builder, so every column keeps its table (see db/subqueries.ts).
      mediaKey: sql<string | null>`${ctx.db
        .select({ mediaKey: videos.mediaKey })
        .from(favoriteItems)
        .innerJoin(videos, eq(videos.id, favoriteItems.videoId))
        .where(eq(favoriteItems.folderId, favoriteFolders.id))
        .orderBy(desc(favoriteItems.createdAt))
        .limit(1)}`,
    })
    .from(favoriteFolders)
    .where(
      and(eq(favoriteFolders.userId, userId), only === undefined ? undefined : eq(favoriteFolders.id, only)),
    )
    .orderBy(asc(favoriteFolders.createdAt), asc(favoriteFolders.id));
  return rows.map((r) => ({
    id: String(r.folder.id),
    name: r.folder.name,
    videoCount: r.videoCount,
    coverUrl: ctx.media.coverUrl(r.mediaKey),
    createTime: format(r.folder.createdAt),
  }));
}

async function folderAnswer(ctx: AppContext, userId: number, id: number, format: (d: Date) => string) {
  const [folder] = await foldersOf(ctx, userId, format, id);
  if (!folder) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return folder;
}

export async function getFavorite(
  ctx: AppContext,
  { caller, request }: SignedInInput<"substance.getFavorite">,
): Promise<ResponseOf<"substance.getFavorite">> {
  return foldersOf(ctx, caller.userId, dateFormatOf(request));
}

export async function createFavorite(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.createFavorite">,
): Promise<ResponseOf<"substance.createFavorite">> {
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(favoriteFolders)
      .values({ userId: caller.userId, name: body.name })
      .returning({ id: favoriteFolders.id });
    if (!row) throw new Error("folder not written");
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new BusinessError(BusinessCode.conflict, ServerMessage.folderNameTaken);
    throw error;
  }
  return folderAnswer(ctx, caller.userId, id, dateFormatOf(request));
}

export async function updateFavorite(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.updateFavorite">,
): Promise<ResponseOf<"substance.updateFavorite">> {
  const folder = await ownFolder(ctx.db, caller.userId, body.id);
  try {
    await ctx.db.update(favoriteFolders).set({ name: body.name }).where(eq(favoriteFolders.id, folder.id));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new BusinessError(BusinessCode.conflict, ServerMessage.folderNameTaken);
    throw error;
  }
  return folderAnswer(ctx, caller.userId, folder.id, dateFormatOf(request));
}

export async function deleteFavorite(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.deleteFavorite">,
): Promise<ResponseOf<"substance.deleteFavorite">> {
  const folder = await ownFolder(ctx.db, caller.userId, body.id);
  await ctx.db.delete(favoriteFolders).where(eq(favoriteFolders.id, folder.id));
  return null;
}

// Putting videos in a folder also collects them (the folder is a part of "my collection").
export async function bindCollect(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.bindCollect">,
): Promise<ResponseOf<"substance.bindCollect">> {
  const folder = await ownFolder(ctx.db, caller.userId, body.favoriteId);
  const ids = [...new Set(body.substanceIds.map(Number))];
  await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(inArray(videos.id, ids), isPublished));
    if (found.length !== ids.length) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    await tx
      .insert(favoriteItems)
      .values(ids.map((videoId) => ({ folderId: folder.id, videoId })))
      .onConflictDoNothing();
    for (const videoId of ids) await collectInto(tx, caller.userId, videoId);
  });
  forgetViewer(ctx, caller.userId);
  for (const videoId of ids) forgetVideo(ctx, videoId);
  return folderAnswer(ctx, caller.userId, folder.id, dateFormatOf(request));
}

export async function unbindCollect(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.unbindCollect">,
): Promise<ResponseOf<"substance.unbindCollect">> {
  const folder = await ownFolder(ctx.db, caller.userId, body.favoriteId);
  await ctx.db
    .delete(favoriteItems)
    .where(
      and(
        eq(favoriteItems.folderId, folder.id),
        inArray(favoriteItems.videoId, body.substanceIds.map(Number)),
      ),
    );
  return folderAnswer(ctx, caller.userId, folder.id, dateFormatOf(request));
}

// My collection: everything collected (ALL), or one folder's videos (FAVORITES).
export async function collectList(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.collectList">,
): Promise<ResponseOf<"substance.collectList">> {
  const inCollection =
    body.favoriteId === undefined
      ? existsWhere(
          ctx.db,
          videoCollects,
          and(eq(videoCollects.userId, caller.userId), eq(videoCollects.videoId, videos.id)),
        )
      : existsWhere(
          ctx.db,
          favoriteItems,
          and(
            eq(favoriteItems.folderId, (await ownFolder(ctx.db, caller.userId, body.favoriteId)).id),
            eq(favoriteItems.videoId, videos.id),
          ),
        );
  return videoPage(
    ctx,
    caller.userId,
    dateFormatOf(request),
    and(isNull(videos.deletedAt), inCollection),
    keyset("desc", intKey(videos.id)),
    body,
  );
}
