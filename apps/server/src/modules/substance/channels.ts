/**
 * The channel pages' names (`substance.channelInfo`, public like the pages themselves): one channel
 * by its id, named in the request's `language` (en_US → English, anything else → Chinese) and in
 * both languages. An id no channel has is a business 404.
 */
import { BusinessCode } from "@platform/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { BusinessError } from "../../http/errors";
import { ServerMessage, asksForEnglish } from "../../http/messages";
import { channels } from "../../db/schema";
import type { ResponseOf } from "@platform/api-client";
import type { RouteInput } from "../../http/route";

export async function channelInfo(
  ctx: AppContext,
  { body, request }: RouteInput<"substance.channelInfo">,
): Promise<ResponseOf<"substance.channelInfo">> {
  const [channel] = await ctx.db
    .select({ id: channels.id, nameZh: channels.nameZh, nameEn: channels.nameEn })
    .from(channels)
    .where(eq(channels.id, body.channelTagId));
  if (!channel) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const english = asksForEnglish(request);
  return {
    channelTagId: channel.id,
    name: english ? channel.nameEn : channel.nameZh,
    names: { zhCN: channel.nameZh, enUS: channel.nameEn },
  };
}
