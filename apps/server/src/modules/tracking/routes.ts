import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { refuseFlood } from "../../http/guards";
import { route } from "../../http/route";
import type { TrackingBuffer } from "./buffer";

export function trackingRoutes(app: FastifyInstance, ctx: AppContext, buffer: TrackingBuffer): void {
  route(app, ctx, "tracking.reportNew", "public", async ({ body, caller, request }) => {
    await refuseFlood(
      ctx,
      `track:${caller?.userId == null ? request.ip : `user:${String(caller.userId)}`}`,
      ctx.config.trackingEventsPerMinute,
    );
    // The contract has checked that `data` is JSON text.
    const data: unknown = JSON.parse(body.data);
    buffer.add({
      // Events are attributed to the caller's own account, never to a user id the body names.
      userId: caller?.userId ?? null,
      channelTagId: body.channelTagId,
      event: body.event,
      page: body.page,
      referrer: body.referrer,
      data,
      happenedAt: new Date(body.timestamp),
    });
    return null;
  });
}
