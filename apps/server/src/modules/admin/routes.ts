/**
 * The operators' console's calls, `/api/admin/…` (Step 22, decision 0032), in a scope of their own:
 * real HTTP statuses for refusals (401 no operator session, 403 an app user's token or a role
 * without the area), and the review's media for operators.
 */
import type { FastifyInstance } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { BusinessError } from "../../http/errors";
import { ServerMessage, refusal } from "../../http/messages";
import { renderPlaylist } from "../../media/playlist";
import { signedSegmentUrl } from "../media/segments";
import { mayDo } from "@platform/api-client/admin";
import type { OperatorRole } from "@platform/api-client/admin";
import { eq, and, isNull } from "drizzle-orm";
import { videos } from "../../db/schema";
import { searchAudit } from "./audit";
import { dashboard } from "./dashboard";
import * as live from "./live-desk";
import * as adjustments from "./adjustments";
import * as money from "./money-desk";
import { machineSignIn } from "./machine";
import { operatorRecord, signIn, signOut } from "./operators";
import * as people from "./people-desk";
import { reportGroups, resolveReports } from "./reports-desk";
import * as review from "./review-desk";
import { adminRoute, answerConsoleErrors, operatorOrRefusal } from "./route";

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register((scope, _options, done) => {
    answerConsoleErrors(scope);
    const route = <K extends Parameters<typeof adminRoute>[2]>(
      name: K,
      handler: Parameters<typeof adminRoute<K>>[3],
    ) => {
      adminRoute(scope, ctx, name, handler);
    };
    route("auth.signIn", ({ body, request }) => signIn(ctx, body, request.ip));
    route("auth.machine", ({ body, request }) => machineSignIn(ctx, body, request.ip));
    route("auth.me", ({ operator }) =>
      Promise.resolve({
        operator: operatorRecord(operator.row),
        idleMinutes: Math.round(ctx.config.console.idleMs / 60_000),
      }),
    );
    route("auth.signOut", async ({ operator }) => {
      await signOut(ctx.db, operator.sessionId, ctx.now());
      return null;
    });
    route("dashboard.summary", ({ body }) => dashboard(ctx, body.days));

    route("review.queue", ({ body }) => review.queuePage(ctx, body));
    route("review.detail", ({ body }) => review.reviewDetail(ctx, Number(body.videoId)));
    route("review.claim", (input) => review.claim(ctx, input));
    route("review.release", (input) => review.releaseClaim(ctx, input));
    route("review.approve", (input) => review.approve(ctx, input));
    route("review.reject", (input) => review.reject(ctx, input));
    route("review.takedown", (input) => review.takedown(ctx, input));
    route("review.restore", (input) => review.restore(ctx, input));
    route("review.published", ({ body }) => review.publishedPage(ctx, body));

    route("reports.list", ({ body }) => reportGroups(ctx, body));
    route("reports.resolve", (input) => resolveReports(ctx, input));

    route("people.search", ({ body }) => people.searchPeople(ctx, body));
    route("people.profile", ({ body }) => people.profile(ctx, Number(body.userId)));
    route("people.statement", ({ body }) => people.statementPage(ctx, Number(body.userId), body));
    route("people.orders", ({ body }) =>
      money.ordersPage(ctx, { ...body, status: "", search: "" }, Number(body.userId)),
    );
    route("people.ban", (input) => people.ban(ctx, input));
    route("people.unban", (input) => people.unban(ctx, input));
    route("people.signOut", (input) => people.signOutEverywhere(ctx, input));
    route("people.regenerateCard", (input) => people.regenerateCard(ctx, input));
    route("people.unlock", (input) => people.unlock(ctx, input));

    route("money.orders", ({ body }) => money.ordersPage(ctx, body));
    route("money.held", ({ body }) => money.heldPage(ctx, body));
    route("money.creditHeld", (input) => money.creditHeldAct(ctx, input));
    route("money.refundHeld", (input) => money.refundHeldAct(ctx, input));
    route("money.failedPayouts", ({ body }) => money.failedPayoutsPage(ctx, body));
    route("money.retryPayout", (input) => money.retryPayout(ctx, input));
    route("money.returnPayout", (input) => money.returnPayout(ctx, input));
    route("money.adjustments", ({ body }) => adjustments.adjustmentsPage(ctx, body));
    route("money.adjust", (input) => adjustments.adjust(ctx, input));
    route("money.decideAdjustment", (input) => adjustments.decideAdjustment(ctx, input));
    route("money.reconcile", () => money.reconcileNow(ctx));

    route("live.rooms", ({ body }) => live.liveRoomsPage(ctx, body));
    route("live.chat", ({ body }) => live.roomChat(ctx, Number(body.roomId)));
    route("live.end", (input) => live.endRoom(ctx, input));
    route("live.resetKey", (input) => live.resetKey(ctx, input));
    route("live.removeMessage", (input) => live.removeChatMessage(ctx, input));
    route("live.mute", (input) => live.mute(ctx, input));

    route("audit.search", ({ body }) => searchAudit(ctx.db, body));

    // A video's rendition for a reviewer (any status but deleted), whole, its segments signed.
    scope.get("/api/admin/media/:videoId/:file", async (request, reply) => {
      const { videoId, file } = request.params as { videoId: string; file: string };
      const { token } = request.query as { token?: unknown };
      const found = await operatorOrRefusal(ctx, typeof token === "string" ? token : null);
      if (found instanceof BusinessError) throw found;
      if (!mayDo(found.row.role as OperatorRole, "review"))
        throw new BusinessError(BusinessCode.forbidden, ServerMessage.operatorNotAllowed);
      const rendition = /^(\d+p)\.m3u8$/.exec(file)?.[1];
      const id = Number(videoId);
      const [video] =
        rendition && /^\d{1,15}$/.test(videoId)
          ? await ctx.db
              .select()
              .from(videos)
              .where(and(eq(videos.id, id), isNull(videos.deletedAt)))
          : [];
      const playlist =
        video?.mediaKey && rendition ? await ctx.media.playlist(video.mediaKey, rendition) : null;
      if (!video || !playlist || !rendition)
        return reply.status(404).send(refusal(request, BusinessCode.notFound, ServerMessage.notFound));
      return reply
        .header("content-type", "application/vnd.apple.mpegurl")
        .header("cache-control", "private, no-store")
        .send(
          renderPlaylist(playlist, null, (name) =>
            signedSegmentUrl(ctx, `${String(id)}/${rendition}/${name}`, video.lengthMs),
          ),
        );
    });
    done();
  });
}
