import { randomInt } from "node:crypto";
import { maskPhone } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database";
import { users } from "../../db/schema";

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
