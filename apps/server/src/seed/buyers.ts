/**
 * People for the buying benchmark (`scripts/buy-bench.mjs`): each with gold granted through the
 * ledger, as the seed does, and a session made directly (hundreds of sign-ins from one address
 * would be, rightly, refused by the abuse limits).
 */
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import { issueSession } from "../modules/auth/sessions";
import { BalanceType, grant } from "../modules/ledger/wallet";
import { createAccount } from "../modules/user/accounts";

export interface Buyer {
  readonly userId: number;
  readonly accessToken: string;
}

/** `count` people with `gold` hundredths each; phones from 166… (no demo or scale phone is). */
export async function makeBuyers(ctx: AppContext, count: number, gold: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const mobile = `166${String(i).padStart(8, "0")}`;
    const userId = await createAccount(ctx.db, { mobile, passwordHash: null, channelTagId: "0" });
    await ctx.db.transaction((tx) =>
      grant(tx as unknown as Db, { userId, type: BalanceType.GOLD, amount: gold }),
    );
    const session = await issueSession(ctx, ctx.db, userId);
    buyers.push({ userId, accessToken: session.access_token });
  }
  return buyers;
}
