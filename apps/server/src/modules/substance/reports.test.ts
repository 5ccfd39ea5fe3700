import { ReportReason, ReportTarget, ServerMessageKey } from "@platform/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { descending, startSocial } from "../../../test/social";
import type { Person, Social } from "../../../test/social";
import { reports, videos } from "../../db/schema";
import { isPublished } from "./access";

eachDatabase("reports and hot tags over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let permanent: Person;
  let studio: Person;
  let fresh: Social["fresh"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, permanent, studio, fresh } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("reports and hot tags", () => {
    it("records a report of another's comment, profile or video once, and refuses one's own", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const comment = await permanent.api.substance.doComment({
        substanceId,
        commentContent: "举报我 Report me",
      });
      const reportsOf = (targetType: ReportTarget, targetId: string) =>
        db()
          .select({ reporterId: reports.reporterId, reason: reports.reason })
          .from(reports)
          .where(and(eq(reports.targetType, targetType), eq(reports.targetId, Number(targetId))));

      await vip.api.system.report({
        targetType: ReportTarget.COMMENT,
        targetId: comment.id,
        reason: ReportReason.SPAM,
      });
      // Again, with another reason: still one report, the first reason kept.
      await vip.api.system.report({
        targetType: ReportTarget.COMMENT,
        targetId: comment.id,
        reason: ReportReason.ABUSE,
      });
      expect(await reportsOf(ReportTarget.COMMENT, comment.id)).toEqual([
        { reporterId: Number(vip.userId), reason: ReportReason.SPAM },
      ]);
      await ordinary.api.system.report({
        targetType: ReportTarget.USER,
        targetId: studio.userId,
        reason: ReportReason.OTHER,
      });
      expect(await reportsOf(ReportTarget.USER, studio.userId)).toHaveLength(1);
      await ordinary.api.system.report({
        targetType: ReportTarget.VIDEO,
        targetId: substanceId,
        reason: ReportReason.ILLEGAL,
      });
      expect(await reportsOf(ReportTarget.VIDEO, substanceId)).toHaveLength(1);

      // One after another: a refusal made before its `failure` is awaited would go unhandled.
      const own = [
        () =>
          permanent.api.system.report({
            targetType: ReportTarget.COMMENT,
            targetId: comment.id,
            reason: ReportReason.SPAM,
          }),
        () =>
          studio.api.system.report({
            targetType: ReportTarget.USER,
            targetId: studio.userId,
            reason: ReportReason.SPAM,
          }),
      ];
      for (const call of own) {
        expect(await failure(call())).toMatchObject({ code: 400, msgKey: ServerMessageKey.cannotReportSelf });
      }
      await permanent.api.substance.deleteComment({ commentId: comment.id });
      for (const [targetType, targetId] of [
        [ReportTarget.COMMENT, comment.id],
        [ReportTarget.USER, "99999999"],
        [ReportTarget.VIDEO, "99999999"],
      ] as const) {
        expect(
          (await failure(vip.api.system.report({ targetType, targetId, reason: ReportReason.SPAM }))).code,
        ).toBe(404);
      }
    });

    it("offers the most watched tags of published videos as hot tags", async () => {
      const hot = await vip.api.search.hotTags();
      expect(hot.length).toBeGreaterThan(3);
      expect(hot.length).toBeLessThanOrEqual(12);
      expect(descending(hot, (t) => t.playCount)).toBe(true);
      const published = await db()
        .select({ tags: videos.tags, plays: videos.playCount })
        .from(videos)
        .where(isPublished);
      const totals = new Map<string, number>();
      for (const v of published) for (const tag of v.tags) totals.set(tag, (totals.get(tag) ?? 0) + v.plays);
      const top = hot[0];
      expect(top?.playCount).toBe(Math.max(...totals.values()));
      for (const t of hot) expect(t.playCount).toBe(totals.get(t.tag));
    });
  });
});
