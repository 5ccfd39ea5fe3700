/** The 'my' panel's props card (spec §2): integral, game token, video card. */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { userProps } from "../../db/schema";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

export async function propsOf(
  ctx: AppContext,
  { caller }: SignedInInput<"marketing.propsList">,
): Promise<ResponseOf<"marketing.propsList">> {
  const [props] = await ctx.db.select().from(userProps).where(eq(userProps.userId, caller.userId));
  return {
    integral: props?.integral ?? 0,
    gameToken: props?.gameToken ?? 0,
    videoCard: props?.videoCard ?? 0,
  };
}
