import { BusinessCode, maskPhone, publicFileUrl } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { randomInt } from "node:crypto";
import type { Db } from "../../db/database";

export interface NewAccount {
  readonly mobile: string;
  readonly passwordHash: string | null;
  readonly channelTagId: string;
  readonly inviteCode?: string | undefined;
}

export async function findLiveUserByMobile(db: Db, mobile: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)));
  return user ?? null;
}

/** Make an account: a masked phone as nickname, a random 8-digit member id (retried on a clash). */
export async function createAccount(db: Db, account: NewAccount): Promise<number> {
  for (let tries = 0; ; tries++) {
    const memberId = String(randomInt(10_000_000, 100_000_000));
    const [row] = await db
      .insert(users)
      .values({
        mobile: account.mobile,
        passwordHash: account.passwordHash,
        nickName: maskPhone(account.mobile),
        memberId,
        channelTagId: account.channelTagId,
        inviteCode: account.inviteCode ?? null,
      })
      .onConflictDoNothing({ target: users.memberId })
      .returning({ id: users.id });
    if (row) return row.id;
    if (tries > 5) throw new Error("could not find a free member id");
  }
}

export async function userRow(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return user;
}

/** Where a user's background image is served. */
export function backgroundUrlOf(user: {
  bgImgKey: string | null;
  bgImgBucket: string | null;
}): string | null {
  return user.bgImgKey && user.bgImgBucket ? publicFileUrl(user.bgImgBucket, user.bgImgKey) : null;
}
