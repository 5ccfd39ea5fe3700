import { PriceFilter, VIDEO_PUBLISHED } from "@platform/domain";
import type { WatchLevel } from "@platform/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { descending, eachDatabase, failure, startSocial } from "../../../test/social";
import type { Client, Person, Social, TestPlatform } from "../../../test/social";
import { videos, watchHistory } from "../../db/schema";

eachDatabase("likes, collects, plays and forwards over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let guest: Client;
  let fresh: Social["fresh"];
  let rowOf: Social["rowOf"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, guest, fresh, rowOf } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("likes, collects, plays and forwards", () => {
    it("toggles a like, flag and count", async () => {
      const video = fresh();
      const id = String(video.id);
      const before = await vip.api.substance.getInfoById({ id });
      expect(before.likeFlag).toBe(false);
      expect(before.likeCount).toBe(video.likeCount);
      expect(await vip.api.substance.doLike({ substanceId: id })).toEqual({
        likeFlag: true,
        likeCount: video.likeCount + 1,
      });
      expect(await vip.api.substance.getInfoById({ id })).toMatchObject({
        likeFlag: true,
        likeCount: video.likeCount + 1,
      });
      // Someone else's like adds to the count, not to the member's flag.
      expect(await ordinary.api.substance.doLike({ substanceId: id })).toEqual({
        likeFlag: true,
        likeCount: video.likeCount + 2,
      });
      expect(await vip.api.substance.doLike({ substanceId: id })).toEqual({
        likeFlag: false,
        likeCount: video.likeCount + 1,
      });
      expect(await vip.api.substance.getInfoById({ id })).toMatchObject({
        likeFlag: false,
        likeCount: video.likeCount + 1,
      });
      expect((await ordinary.api.substance.getInfoById({ id })).likeFlag).toBe(true);
      expect(await ordinary.api.substance.doLike({ substanceId: id })).toEqual({
        likeFlag: false,
        likeCount: video.likeCount,
      });
      expect((await rowOf(id)).likeCount).toBe(video.likeCount);
    });

    it("collects and un-collects idempotently", async () => {
      const video = fresh();
      const id = String(video.id);
      expect(video.collectCount).toBe(0);
      expect((await vip.api.substance.getInfoById({ id })).collectFlag).toBe(false);
      expect(await vip.api.substance.collect({ substanceId: id })).toEqual({
        collectFlag: true,
        collectCount: 1,
      });
      expect(await vip.api.substance.collect({ substanceId: id })).toEqual({
        collectFlag: true,
        collectCount: 1,
      });
      expect((await vip.api.substance.getInfoById({ id })).collectFlag).toBe(true);
      expect((await ordinary.api.substance.getInfoById({ id })).collectFlag).toBe(false);
      expect(await ordinary.api.substance.collect({ substanceId: id })).toEqual({
        collectFlag: true,
        collectCount: 2,
      });
      expect(await vip.api.substance.cancelCollect({ substanceId: id })).toEqual({
        collectFlag: false,
        collectCount: 1,
      });
      expect(await vip.api.substance.cancelCollect({ substanceId: id })).toEqual({
        collectFlag: false,
        collectCount: 1,
      });
      expect((await vip.api.substance.getInfoById({ id })).collectFlag).toBe(false);
      expect(await ordinary.api.substance.cancelCollect({ substanceId: id })).toEqual({
        collectFlag: false,
        collectCount: 0,
      });
      // Un-collecting what one never collected changes nothing.
      expect(await ordinary.api.substance.cancelCollect({ substanceId: id })).toEqual({
        collectFlag: false,
        collectCount: 0,
      });
      expect((await rowOf(id)).collectCount).toBe(0);
    });

    it("records a play: a new viewing counts, later reports move the position, clamped to the length", async () => {
      const video = fresh();
      const id = String(video.id);
      // A list page that holds this video (its classification and level: at most 30 videos).
      const priceOf = { FREE: PriceFilter.free, SVIP: PriceFilter.super, CHARGE: PriceFilter.paid } as const;
      const listed = async (who: Person) =>
        (
          await who.api.substance.getVideoList({
            current: 1,
            size: 50,
            classifyId: String(video.classifyId),
            price: priceOf[video.watchLevel as WatchLevel],
          })
        ).records.find((v) => v.id === id);
      expect((await listed(vip))?.seenMs).toBeNull();
      await vip.api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 3_000 });
      expect((await rowOf(id)).playCount).toBe(video.playCount + 1);
      const history = () =>
        db()
          .select()
          .from(watchHistory)
          .where(and(eq(watchHistory.userId, Number(vip.userId)), eq(watchHistory.videoId, video.id)));
      expect((await history())[0]).toMatchObject({ seenMs: 3_000, renewCount: 0 });
      expect((await vip.api.substance.getInfoById({ id })).seenMs).toBe(3_000);

      await vip.api.substance.doPlay({ onlineId: id, renewCount: 1, seenMs: video.lengthMs + 60_000 });
      await vip.api.substance.doPlay({ onlineId: id, renewCount: 2, seenMs: video.lengthMs + 90_000 });
      expect((await rowOf(id)).playCount).toBe(video.playCount + 1);
      expect(await history()).toHaveLength(1);
      expect((await history())[0]).toMatchObject({ seenMs: video.lengthMs, renewCount: 2 });
      const detail = await vip.api.substance.getInfoById({ id });
      expect(detail.seenMs).toBe(video.lengthMs);
      expect(detail.playCount).toBe(video.playCount + 1);
      // The lists show it too, to this viewer only.
      expect((await listed(vip))?.seenMs).toBe(video.lengthMs);
      expect(await listed(ordinary)).toMatchObject({ id, seenMs: null });
      const found = await vip.api.search.substance({ keyword: video.title, size: 50 });
      expect(found.records.find((v) => v.id === id)?.seenMs).toBe(video.lengthMs);
      expect((await vip.api.search.watchHistory({})).records[0]).toMatchObject({
        id,
        seenMs: video.lengthMs,
      });
      expect((await ordinary.api.substance.getInfoById({ id })).seenMs).toBeNull();
      expect((await guest.substance.getInfoById({ id })).seenMs).toBeNull();

      // A second viewing (renewCount 0 again) within the count window does not count again; one
      // after the window (COUNT_WINDOW_SECONDS, a day by default) does.
      await vip.api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 0 });
      expect((await rowOf(id)).playCount).toBe(video.playCount + 1);
      await platform.server.database.db.execute(
        `update counted_actions set counted_at = counted_at - interval '1 day 1 second' where video_id = ${id}`,
      );
      await vip.api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 0 });
      expect((await rowOf(id)).playCount).toBe(video.playCount + 2);
      expect((await vip.api.substance.getInfoById({ id })).seenMs).toBe(0);
      expect(
        (await failure(vip.api.substance.doPlay({ onlineId: "99999999", renewCount: 0, seenMs: 0 }))).code,
      ).toBe(404);
    });

    it("recommends related videos, never the video itself", async () => {
      const video = fresh();
      const id = String(video.id);
      const related = await vip.api.substance.recommendByVideoId({ videoId: id, size: 30 });
      expect(related.length).toBeGreaterThan(0);
      expect(related.length).toBeLessThanOrEqual(30);
      expect(related.some((v) => v.id === id)).toBe(false);
      expect(descending(related, (v) => v.playCount)).toBe(true);
      const rows = await db()
        .select()
        .from(videos)
        .where(
          inArray(
            videos.id,
            related.map((v) => Number(v.id)),
          ),
        );
      expect(rows).toHaveLength(related.length);
      for (const row of rows) {
        expect(row.status).toBe(VIDEO_PUBLISHED);
        const alike =
          row.classifyId === video.classifyId ||
          row.authorId === video.authorId ||
          row.tags.some((t) => video.tags.includes(t));
        expect(alike).toBe(true);
      }
      expect((await vip.api.substance.recommendByVideoId({ videoId: id, size: 3 })).length).toBe(3);
    });

    it("counts forwards", async () => {
      const video = fresh();
      const id = String(video.id);
      expect(await vip.api.substance.doForward({ substanceId: id })).toEqual({
        forwardCount: video.forwardCount + 1,
        shareUrl: `/videoview?id=${id}`,
      });
      expect((await ordinary.api.substance.doForward({ substanceId: id })).forwardCount).toBe(
        video.forwardCount + 2,
      );
      expect((await guest.substance.getInfoById({ id })).forwardCount).toBe(video.forwardCount + 2);
    });

    it("one viewer cannot inflate plays or shares by repeating, or racing, the calls", async () => {
      const video = fresh();
      const id = String(video.id);
      for (let i = 0; i < 50; i++) {
        await ordinary.api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 0 });
        await ordinary.api.substance.doForward({ substanceId: id });
      }
      await Promise.all(
        Array.from({ length: 30 }, () => [
          ordinary.api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 0 }),
          ordinary.api.substance.doForward({ substanceId: id }),
        ]).flat(),
      );
      const row = await rowOf(id);
      expect(row.playCount).toBe(video.playCount + 1);
      expect(row.forwardCount).toBe(video.forwardCount + 1);
      // Every share is still answered, with the count as it stands.
      expect((await ordinary.api.substance.doForward({ substanceId: id })).forwardCount).toBe(
        video.forwardCount + 1,
      );
      // The history suite expects this person to have watched nothing.
      await ordinary.api.search.deleteWatchHistory({ all: true });
    });
  });
});
