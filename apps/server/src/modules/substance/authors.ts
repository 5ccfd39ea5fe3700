/** An author's page header (spec §2 /creationcenter): names, pictures, counts, follow state. */
import { BusinessCode } from "@platform/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { countWhere, existsWhere } from "../../db/subqueries";
import { follows, users, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { isVipNow } from "../user/membership";
import { backgroundUrlOf } from "../user/accounts";
import { isPublished } from "./access";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

export async function authorInfo(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.authorInfo">,
): Promise<ResponseOf<"substance.authorInfo">> {
  const authorId = Number(body.userId);
  const [author] = Number.isSafeInteger(authorId)
    ? await ctx.db
        .select({
          id: users.id,
          nickName: users.nickName,
          avatarUrl: users.avatarUrl,
          bgImgKey: users.bgImgKey,
          bgImgBucket: users.bgImgBucket,
          introduction: users.introduction,
          vipPermanent: users.vipPermanent,
          vipExpiresAt: users.vipExpiresAt,
          fans: countWhere(ctx.db, follows, eq(follows.followUserId, users.id)),
          following: countWhere(ctx.db, follows, eq(follows.userId, users.id)),
          // On one's own page every video of one's own counts (under review, refused…), as the
          // list below it shows them; others count what is published.
          videoCount: countWhere(
            ctx.db,
            videos,
            and(
              eq(videos.authorId, users.id),
              authorId === caller.userId ? isNull(videos.deletedAt) : isPublished,
            ),
          ),
          likeCount: sql<number>`${ctx.db
            .select({ n: sql`coalesce(sum(${videos.likeCount}), 0)` })
            .from(videos)
            .where(and(eq(videos.authorId, users.id), isPublished))}`.mapWith(Number),
          hasFollow: existsWhere(
            ctx.db,
            follows,
            and(eq(follows.userId, caller.userId), eq(follows.followUserId, users.id)),
          ),
        })
        .from(users)
        .where(and(eq(users.id, authorId), isNull(users.deletedAt)))
    : [];
  if (!author) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return {
    userId: String(author.id),
    nickName: author.nickName,
    avatarFileUrl: author.avatarUrl,
    bgImgFileUrl: backgroundUrlOf(author),
    introduction: author.introduction,
    fansCount: author.fans,
    followCount: author.following,
    videoCount: author.videoCount,
    likeCount: author.likeCount,
    hasFollow: author.hasFollow,
    isSelf: author.id === caller.userId,
    isVip: isVipNow(author, ctx.now()),
  };
}
