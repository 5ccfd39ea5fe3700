/** Searching members by nickname or member ID (spec §7 search.user). */
import { and, desc, eq, ilike, isNull, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import { countWhere, existsWhere } from "../../db/subqueries";
import { follows, users } from "../../db/schema";
import { containing, pageOf } from "../substance/videos";
import { totalOver } from "../../db/keyset";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

export async function searchUsers(
  ctx: AppContext,
  { body, caller }: SignedInInput<"search.user">,
): Promise<ResponseOf<"search.user">> {
  if (body.content === "") return pageOf([], 0, body);
  const rows = await ctx.db
    .select({
      id: users.id,
      nickName: users.nickName,
      avatarUrl: users.avatarUrl,
      fans: countWhere(ctx.db, follows, eq(follows.followUserId, users.id)),
      hasFollow: existsWhere(
        ctx.db,
        follows,
        and(eq(follows.userId, caller.userId), eq(follows.followUserId, users.id)),
      ),
      total: totalOver(),
    })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(ilike(users.nickName, containing(body.content)), eq(users.memberId, body.content)),
      ),
    )
    .orderBy(desc(countWhere(ctx.db, follows, eq(follows.followUserId, users.id))), users.id)
    .limit(body.size)
    .offset((body.current - 1) * body.size);
  return pageOf(
    rows.map((r) => ({
      userId: String(r.id),
      nickName: r.nickName,
      avatarFileUrl: r.avatarUrl,
      fansCount: r.fans,
      hasFollow: r.hasFollow,
    })),
    rows[0]?.total ?? 0,
    body,
  );
}
