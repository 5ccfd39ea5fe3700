import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { channels } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage, languageOf } from "../../http/messages";
import { route } from "../../http/route";

/**
 * The channel pages' names (`substance.channelInfo`, public like the pages themselves): one channel
 * by its id, named in the request's `language` (en_US → English, anything else → Chinese) and in
 * both languages. An id no channel has is a business 404.
 */
export function channelRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "substance.channelInfo", "public", async ({ body, request }) => {
    const [channel] = await ctx.db
      .select({ id: channels.id, nameZh: channels.nameZh, nameEn: channels.nameEn })
      .from(channels)
      .where(eq(channels.id, body.channelTagId));
    if (!channel) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    const english = languageOf(request.headers.language) === "en_US";
    return {
      channelTagId: channel.id,
      name: english ? channel.nameEn : channel.nameZh,
      names: { zhCN: channel.nameZh, enUS: channel.nameEn },
    };
  });
}
