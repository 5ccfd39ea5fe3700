import { createAccount } from "../src/modules/user/accounts";
import { BalanceType, grant } from "../src/modules/trade/wallet";
import type { Db } from "../src/db/database";
import { hashPassword } from "../src/security/hashing";
import { freshPhone, signIn } from "./harness";
import type { TestPlatform } from "./harness";

/** A new person with a password and `gold` hundredths of gold (granted through the ledger), signed in. */
export async function personWithGold(platform: TestPlatform, gold = 0) {
  const db = platform.server.ctx.db;
  const mobile = freshPhone();
  const userId = await createAccount(db, {
    mobile,
    passwordHash: await hashPassword("demo123456"),
    channelTagId: "0",
  });
  if (gold > 0)
    await db.transaction((tx) =>
      grant(tx as unknown as Db, { userId, type: BalanceType.GOLD, amount: gold }),
    );
  const { api } = await signIn(platform, { mobile, password: "demo123456" });
  return { userId, mobile, api };
}
