import {
  DurationBucket,
  PriceFilter,
  ServerMessageKey,
  SortOrder,
  TagFilter,
  VIDEO_PUBLISHED,
  WatchLevel,
} from "@platform/domain";
import { and, count, desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { descending, eachDatabase, failure, startSocial } from "../../../test/social";
import type { Client, Person, Social, TestPlatform } from "../../../test/social";
import { CATALOGUE_SIZE, classificationNames } from "../../seed/catalogue";
import { classifications, purchases, topics, videos, watchHistory } from "../../db/schema";
import { isPublished } from "./access";

eachDatabase("the video list and one video over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let permanent: Person;
  let studio: Person;
  let guest: Client;
  let fresh: Social["fresh"];
  let publishedCount: Social["publishedCount"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, permanent, studio, guest, fresh, publishedCount } =
      await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("the video list", () => {
    it("pages the published videos for a guest, without anyone's history", async () => {
      const total = await publishedCount();
      expect(total).toBe(CATALOGUE_SIZE);
      const first = await guest.substance.getVideoList({ current: 1, size: 10 });
      expect(first.records).toHaveLength(10);
      expect(first.total).toBe(total);
      expect(first.current).toBe(1);
      const second = await guest.substance.getVideoList({ current: 2, size: 10 });
      expect(second.records).toHaveLength(10);
      expect(second.total).toBe(total);
      const firstIds = new Set(first.records.map((v) => v.id));
      expect(second.records.some((v) => firstIds.has(v.id))).toBe(false);
      expect(
        [...first.records, ...second.records].every((v) => v.seenMs === null && v.type === VIDEO_PUBLISHED),
      ).toBe(true);
      // Past the end: no records, and still the right total.
      const past = await guest.substance.getVideoList({ current: Math.ceil(total / 10) + 1, size: 10 });
      expect(past.records).toEqual([]);
      expect(past.total).toBe(total);
      // The default order: hot videos first.
      const hot = new Set(
        (await db().select({ id: videos.id }).from(videos).where(eq(videos.isHot, true))).map((r) =>
          String(r.id),
        ),
      );
      expect(first.records.every((v) => hot.has(v.id))).toBe(true);
    });

    it("shows a signed-in viewer where they stopped, and only their own stop", async () => {
      const page = await vip.api.substance.getVideoList({ current: 1, size: 50 });
      const seen = new Map(
        (
          await db()
            .select()
            .from(watchHistory)
            .where(eq(watchHistory.userId, Number(vip.userId)))
        ).map((h) => [String(h.videoId), h.seenMs]),
      );
      expect(page.records.filter((v) => v.seenMs !== null).length).toBeGreaterThan(0);
      for (const video of page.records) expect(video.seenMs).toBe(seen.get(video.id) ?? null);
      const theirs = await ordinary.api.substance.getVideoList({ current: 1, size: 50 });
      expect(theirs.records.every((v) => v.seenMs === null)).toBe(true);
    });

    it("filters by price: free, paid and super", async () => {
      const cases = [
        [PriceFilter.free, WatchLevel.FREE],
        [PriceFilter.paid, WatchLevel.CHARGE],
        [PriceFilter.super, WatchLevel.SVIP],
      ] as const;
      for (const [price, level] of cases) {
        const page = await guest.substance.getVideoList({ current: 1, size: 50, price });
        expect(page.records.length).toBeGreaterThan(0);
        expect(page.records.every((v) => v.watchLevel === level)).toBe(true);
        expect(page.total).toBe(await publishedCount(eq(videos.watchLevel, level)));
      }
      const all = await guest.substance.getVideoList({ current: 1, size: 10, price: PriceFilter.all });
      expect(all.total).toBe(CATALOGUE_SIZE);
    });

    it("sorts by most plays and by the latest update", async () => {
      const plays = await guest.substance.getVideoList({ current: 1, size: 50, sort: SortOrder.mostPlays });
      expect(descending(plays.records, (v) => v.playCount)).toBe(true);
      const [top] = await db()
        .select({ playCount: videos.playCount })
        .from(videos)
        .where(isPublished)
        .orderBy(desc(videos.playCount))
        .limit(1);
      expect(plays.records[0]?.playCount).toBe(top?.playCount);
      expect(plays.records[0]?.playCount).toBeGreaterThan(plays.records[49]?.playCount ?? Infinity);

      const recent = await guest.substance.getVideoList({
        current: 1,
        size: 50,
        sort: SortOrder.recentUpdate,
      });
      expect(descending(recent.records, (v) => v.updateTime)).toBe(true);
      const newest = await db()
        .select({ id: videos.id })
        .from(videos)
        .where(isPublished)
        .orderBy(desc(videos.updatedAt), desc(videos.id))
        .limit(10);
      expect(recent.records.slice(0, 10).map((v) => v.id)).toEqual(newest.map((r) => String(r.id)));
      // The two orders differ (the catalogue's plays are not in time order).
      expect(recent.records.map((v) => v.id)).not.toEqual(plays.records.map((v) => v.id));
    });

    it("buckets by duration: the short test clips are all in 0-10 minutes", async () => {
      const short = await guest.substance.getVideoList({
        current: 1,
        size: 10,
        duration: DurationBucket.upTo10,
      });
      expect(short.total).toBe(CATALOGUE_SIZE);
      expect(short.records.every((v) => v.videoLength <= 10 * 60_000)).toBe(true);
      const longer = await guest.substance.getVideoList({
        current: 1,
        size: 10,
        duration: DurationBucket.from11To30,
      });
      expect(longer).toMatchObject({ records: [], total: 0 });
      expect((await guest.substance.getVideoList({ duration: DurationBucket.over60 })).total).toBe(0);
    });

    it("filters hot and selected videos", async () => {
      for (const [tag, column] of [
        [TagFilter.hot, videos.isHot],
        [TagFilter.selected, videos.isSelected],
      ] as const) {
        const page = await guest.substance.getVideoList({ current: 1, size: 50, tag });
        const flagged = new Set(
          (
            await db()
              .select({ id: videos.id })
              .from(videos)
              .where(and(isPublished, eq(column, true)))
          ).map((r) => String(r.id)),
        );
        expect(page.total).toBe(flagged.size);
        expect(page.total).toBeGreaterThan(0);
        expect(page.total).toBeLessThan(CATALOGUE_SIZE);
        expect(page.records.every((v) => flagged.has(v.id))).toBe(true);
      }
    });

    it("filters by classification and by channel tag", async () => {
      const classes = await guest.substance.classifyList({});
      const chosen = classes[1];
      expect(chosen).toBeDefined();
      const byClass = await guest.substance.getVideoList({
        current: 1,
        size: 50,
        classifyId: chosen?.id ?? "",
      });
      const inClass = new Set(
        (
          await db()
            .select({ id: videos.id })
            .from(videos)
            .where(and(isPublished, eq(videos.classifyId, Number(chosen?.id))))
        ).map((r) => String(r.id)),
      );
      expect(byClass.total).toBe(inClass.size);
      expect(byClass.total).toBeGreaterThan(0);
      expect(byClass.records.every((v) => inClass.has(v.id))).toBe(true);

      const byChannel = await guest.substance.getVideoList({ current: 1, size: 50, channelTagId: "1" });
      const inChannel = new Set(
        (
          await db()
            .select({ id: videos.id })
            .from(videos)
            .where(and(isPublished, eq(videos.channelTagId, "1")))
        ).map((r) => String(r.id)),
      );
      expect(byChannel.total).toBe(inChannel.size);
      expect(byChannel.total).toBeGreaterThan(0);
      expect(byChannel.total).toBeLessThan(CATALOGUE_SIZE);
      expect(byChannel.records.every((v) => inChannel.has(v.id))).toBe(true);
      // Filters combine.
      const both = await guest.substance.getVideoList({
        current: 1,
        size: 50,
        channelTagId: "1",
        price: PriceFilter.paid,
      });
      expect(both.total).toBe(
        await publishedCount(eq(videos.channelTagId, "1"), eq(videos.watchLevel, WatchLevel.CHARGE)),
      );
      expect(both.records.every((v) => inChannel.has(v.id) && v.watchLevel === WatchLevel.CHARGE)).toBe(true);
    });

    it("lists the eight classifications in order, and pages the topics", async () => {
      const classes = await guest.substance.classifyList({});
      expect(classes.map((c) => c.name)).toEqual([...classificationNames]);
      expect(await guest.substance.classifyList({ limit: 3 })).toHaveLength(3);
      expect(classes.map((c) => c.id).sort()).toEqual(
        (await db().select({ id: classifications.id }).from(classifications)).map((r) => String(r.id)).sort(),
      );

      const first = await guest.substance.topicList({ current: 1, size: 4 });
      const second = await guest.substance.topicList({ current: 2, size: 4 });
      expect(first.total).toBe(6);
      expect(second.total).toBe(6);
      expect(first.records).toHaveLength(4);
      expect(second.records).toHaveLength(2);
      expect(first.records[0]?.title).toBe("周末去哪儿 Weekend trips");
      const ids = [...first.records, ...second.records].map((t) => t.id);
      expect(new Set(ids).size).toBe(6);
      for (const topic of [...first.records, ...second.records]) {
        expect(topic.videoCount).toBe(await publishedCount(eq(videos.topicId, Number(topic.id))));
      }
      expect(first.records.some((t) => t.videoCount > 0)).toBe(true);
      const [topicRows] = await db().select({ n: count() }).from(topics);
      expect(topicRows?.n).toBe(6);
    });
  });

  describe("one video", () => {
    it("states the privileges of members and non-members on every level", async () => {
      for (const level of [WatchLevel.FREE, WatchLevel.SVIP, WatchLevel.CHARGE]) {
        const video = fresh(level, (v) => v.authorId !== Number(studio.userId));
        const id = String(video.id);
        const expected = (isVip: boolean, isBuy = false) => ({
          buyInfo: { isBuy },
          vipInfo: { isVip },
          watchLevel: level,
        });
        expect((await vip.api.substance.getInfoById({ id })).privileges).toEqual(expected(true));
        expect((await permanent.api.substance.getInfoById({ id })).privileges).toEqual(expected(true));
        expect((await ordinary.api.substance.getInfoById({ id })).privileges).toEqual(expected(false));
        expect((await guest.substance.getInfoById({ id })).privileges).toEqual(expected(false));
      }
      // A video the member bought (seeded), and an author's own video.
      const [bought] = await db()
        .select({ videoId: purchases.videoId })
        .from(purchases)
        .where(eq(purchases.userId, Number(vip.userId)));
      const boughtId = String(bought?.videoId);
      expect((await vip.api.substance.getInfoById({ id: boughtId })).privileges.buyInfo.isBuy).toBe(true);
      expect((await ordinary.api.substance.getInfoById({ id: boughtId })).privileges.buyInfo.isBuy).toBe(
        false,
      );
      // (The demo author's videos are all free: an author never needs to buy their own.)
      const own = fresh(WatchLevel.FREE, (v) => v.authorId === Number(studio.userId));
      expect((await studio.api.substance.getInfoById({ id: String(own.id) })).privileges).toEqual({
        buyInfo: { isBuy: true },
        vipInfo: { isVip: false },
        watchLevel: WatchLevel.FREE,
      });
      expect((await vip.api.substance.getInfoById({ id: String(own.id) })).privileges.buyInfo.isBuy).toBe(
        false,
      );
    });

    it("prices a paid video at the member price for members and in full for others", async () => {
      const plain = fresh(WatchLevel.CHARGE, (v) => v.discount === null);
      const discounted = fresh(WatchLevel.CHARGE, (v) => v.discount !== null);
      expect(discounted.discount).toBe(8.5);
      for (const [video, discount] of [
        [plain, 8],
        [discounted, 8.5],
      ] as const) {
        const id = String(video.id);
        const member = await vip.api.substance.getInfoById({ id });
        expect(member.amount).toBe(video.amount);
        expect(member.discount).toBe(discount);
        expect(member.benefitAmount).toBe(Math.round((video.amount * discount) / 10));
        expect(member.benefitAmount).toBeLessThan(video.amount);
        expect((await permanent.api.substance.getInfoById({ id })).benefitAmount).toBe(member.benefitAmount);
        expect((await ordinary.api.substance.getInfoById({ id })).benefitAmount).toBe(video.amount);
        expect((await guest.substance.getInfoById({ id })).benefitAmount).toBe(video.amount);
      }
      const free = await vip.api.substance.getInfoById({ id: String(fresh(WatchLevel.FREE).id) });
      expect(free.benefitAmount).toBeNull();
      expect(free.discount).toBeNull();
    });

    it("shows a video under review to its author only", async () => {
      const pending = await db()
        .select()
        .from(videos)
        .where(and(eq(videos.authorId, Number(studio.userId)), ne(videos.status, VIDEO_PUBLISHED)));
      expect(pending).toHaveLength(6);
      for (const video of pending) {
        const id = String(video.id);
        for (const who of [vip.api, ordinary.api, guest]) {
          expect(await failure(who.substance.getInfoById({ id }))).toMatchObject({
            code: 404,
            msgKey: ServerMessageKey.notFound,
          });
        }
        const own = await studio.api.substance.getInfoById({ id });
        expect(own).toMatchObject({ id, type: video.status, createUserId: studio.userId });
        // Nor may anyone else act on it.
        expect((await failure(vip.api.substance.doLike({ substanceId: id }))).code).toBe(404);
      }
      const listed = await studio.api.substance.getVideoList({
        current: 1,
        size: 50,
        sort: SortOrder.recentUpdate,
      });
      const hidden = new Set(pending.map((v) => String(v.id)));
      expect(listed.records.some((v) => hidden.has(v.id))).toBe(false);
      expect(listed.total).toBe(CATALOGUE_SIZE);
      expect((await failure(vip.api.substance.getInfoById({ id: "99999999" }))).code).toBe(404);
    });
  });
});
