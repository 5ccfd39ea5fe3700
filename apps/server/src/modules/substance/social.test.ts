import {
  DurationBucket,
  ReportReason,
  ReportTarget,
  PriceFilter,
  SortOrder,
  TagFilter,
  VIDEO_PUBLISHED,
  WatchLevel,
} from "@platform/domain";
import type { Comment } from "@platform/api-client";
import { and, count, desc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure, signIn, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { CATALOGUE_SIZE, classificationNames } from "../../db/catalogue";
import {
  classifications,
  comments,
  favoriteItems,
  follows,
  purchases,
  reports,
  topics,
  users,
  videoCollects,
  videos,
  watchHistory,
} from "../../db/schema";
import { demoAccounts, seed } from "../../db/seed";
import { isPublished } from "./access";
import type { VideoRow } from "./access";

const [vipAccount, ordinaryAccount, permanentAccount, studioAccount] = demoAccounts;

/** The sentences the server answers with (zh-CN, the default language). */
const say = {
  needSuperMember: "该功能需要超级会员，请先开通",
  notYours: "只能操作自己的内容",
  notFound: "内容不存在或已删除",
  commentRequired: "请输入评论内容",
  replyTargetGone: "要回复的评论已删除",
  folderNameRequired: "请输入收藏夹名称",
  folderNameFormat: "收藏夹名称为 2-16 位中文或英文字母",
  folderNameTaken: "已有同名收藏夹，请换一个名称",
  chooseVideo: "请至少选择一个视频",
  cannotFollowSelf: "不能关注自己",
};

type Person = Awaited<ReturnType<typeof signIn>>;

/** Non-increasing, by a key. */
function descending<T>(list: readonly T[], key: (x: T) => number | string): boolean {
  return list.every((x, i) => i === 0 || key(list[i - 1] as T) >= key(x));
}

eachDatabase("videos, comments, favourites, follows and search over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let permanent: Person;
  let studio: Person;
  /** Nobody signed in (the public channel pages). */
  let guest: ReturnType<TestPlatform["client"]>;
  /** Published videos nothing was seeded on (no comments, history, collects or purchases), taken one by one. */
  let pool: VideoRow[] = [];

  const db = () => platform.server.ctx.db;

  /** A published video no other test uses, of a level (and matching a condition) when asked. */
  function fresh(level?: WatchLevel, fits: (v: VideoRow) => boolean = () => true): VideoRow {
    const index = pool.findIndex((v) => (level === undefined || v.watchLevel === level) && fits(v));
    const [video] = index < 0 ? [] : pool.splice(index, 1);
    if (!video) throw new Error(`no unused ${level ?? "any"} video left`);
    return video;
  }

  async function rowOf(id: number | string): Promise<VideoRow> {
    const [row] = await db()
      .select()
      .from(videos)
      .where(eq(videos.id, Number(id)));
    if (!row) throw new Error(`no video ${String(id)}`);
    return row;
  }

  async function publishedCount(...where: SQL[]): Promise<number> {
    const [row] = await db()
      .select({ n: count() })
      .from(videos)
      .where(and(isPublished, ...where));
    return row?.n ?? 0;
  }

  async function userIdOf(mobile: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    if (!row) throw new Error(`no user ${mobile}`);
    return row.id;
  }

  async function fansOf(userId: number): Promise<number> {
    const [row] = await db().select({ n: count() }).from(follows).where(eq(follows.followUserId, userId));
    return row?.n ?? 0;
  }

  beforeAll(async () => {
    platform = await startPlatform(target);
    await seed(platform.server.ctx);
    vip = await signIn(platform, vipAccount);
    ordinary = await signIn(platform, ordinaryAccount);
    permanent = await signIn(platform, permanentAccount);
    studio = await signIn(platform, studioAccount);
    guest = platform.client();
    const touched = sql`(
      exists (select 1 from ${comments} where ${comments.videoId} = ${videos.id})
      or exists (select 1 from ${watchHistory} where ${watchHistory.videoId} = ${videos.id})
      or exists (select 1 from ${videoCollects} where ${videoCollects.videoId} = ${videos.id})
      or exists (select 1 from ${purchases} where ${purchases.videoId} = ${videos.id})
    )`;
    pool = await db()
      .select()
      .from(videos)
      .where(and(isPublished, sql`not ${touched}`))
      .orderBy(desc(videos.id));
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
      expect(pending).toHaveLength(4);
      for (const video of pending) {
        const id = String(video.id);
        for (const who of [vip.api, ordinary.api, guest]) {
          expect(await failure(who.substance.getInfoById({ id }))).toMatchObject({
            code: 404,
            msg: say.notFound,
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

  describe("comments", () => {
    it("are for super members only", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      for (const who of [ordinary, studio]) {
        expect(
          await failure(who.api.substance.doComment({ substanceId, commentContent: "你好 Hello" })),
        ).toMatchObject({
          kind: "business",
          code: 403,
          msg: say.needSuperMember,
        });
      }
      expect((await rowOf(substanceId)).commentCount).toBe(0);
      expect((await ordinary.api.substance.commentList({ substanceId })).total).toBe(0);
      // Reading them is open to everyone signed in.
      await permanent.api.substance.doComment({ substanceId, commentContent: "永久会员 Permanent" });
      expect(
        (await ordinary.api.substance.commentList({ substanceId })).records.map((c) => c.commentContent),
      ).toEqual(["永久会员 Permanent"]);
    });

    it("writes comments and nested replies, and refuses empty or overlong ones", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const root = await vip.api.substance.doComment({ substanceId, commentContent: "第一条评论 First" });
      expect(root).toMatchObject({
        commentUserId: vip.userId,
        commentUserName: vipAccount.nickName,
        commentContent: "第一条评论 First",
        likeFlag: false,
        likeCount: 0,
        childList: [],
        childCount: 0,
        replyCommentId: null,
      });
      // 500 characters (as people count them: emoji are one each) are fine, 501 are not.
      const longest = await vip.api.substance.doComment({ substanceId, commentContent: "😀".repeat(500) });
      expect(longest.commentContent).toBe("😀".repeat(500));
      expect(
        (await failure(vip.api.substance.doComment({ substanceId, commentContent: "好".repeat(501) }))).code,
      ).toBe(400);
      expect(
        (await failure(vip.api.substance.doComment({ substanceId, commentContent: "😀".repeat(501) }))).code,
      ).toBe(400);
      for (const empty of ["", "   "]) {
        expect(
          await failure(vip.api.substance.doComment({ substanceId, commentContent: empty })),
        ).toMatchObject({
          code: 400,
          msg: say.commentRequired,
        });
      }

      const replies: Comment[] = [];
      for (const text of ["回复一 Reply one", "回复二 Reply two", "回复三 Reply three"]) {
        replies.push(
          await permanent.api.substance.doComment({
            substanceId,
            commentContent: text,
            replyCommentId: root.id,
          }),
        );
      }
      expect(replies[0]?.replyCommentId).toBe(root.id);
      // A reply to a reply stays in the same thread.
      const answer = await vip.api.substance.doComment({
        substanceId,
        commentContent: "回复回复 Answer",
        replyCommentId: replies[0]?.id ?? "",
      });
      expect(answer.replyCommentId).toBe(replies[0]?.id);
      expect(
        await failure(
          vip.api.substance.doComment({
            substanceId,
            commentContent: "没人 Nobody",
            replyCommentId: "99999999",
          }),
        ),
      ).toMatchObject({ code: 404, msg: say.replyTargetGone });
      expect((await rowOf(substanceId)).commentCount).toBe(6);
      expect((await vip.api.substance.getInfoById({ id: substanceId })).commentCount).toBe(6);

      const page = await vip.api.substance.commentList({ substanceId });
      expect(page.total).toBe(2);
      expect(page.records.map((c) => c.id)).toEqual([longest.id, root.id]);
      const thread = page.records[1];
      expect(thread?.childCount).toBe(4);
      expect(thread?.childList).toHaveLength(2);
      expect(thread?.childList.map((c) => [c.id, c.commentContent, c.replyCommentUserName])).toEqual([
        [replies[0]?.id, "回复一 Reply one", vipAccount.nickName],
        [replies[1]?.id, "回复二 Reply two", vipAccount.nickName],
      ]);
      expect(page.records[0]).toMatchObject({ childCount: 0, childList: [] });
      expect(
        (await vip.api.substance.commentList({ substanceId, childSize: 3 })).records[1]?.childList,
      ).toHaveLength(3);
      expect(
        (await vip.api.substance.commentList({ substanceId, size: 1 })).records.map((c) => c.id),
      ).toEqual([longest.id]);
      expect(
        (await vip.api.substance.commentList({ substanceId, size: 1, current: 2 })).records.map((c) => c.id),
      ).toEqual([root.id]);

      const all = await vip.api.substance.commentList({ substanceId, rootCommentId: root.id });
      expect(all.total).toBe(4);
      expect(all.records.map((c) => c.id)).toEqual([...replies.map((r) => r.id), answer.id]);
      expect(all.records[3]).toMatchObject({
        commentContent: "回复回复 Answer",
        replyCommentId: replies[0]?.id,
      });
    });

    it("toggles a comment's like for each person", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const comment = await vip.api.substance.doComment({ substanceId, commentContent: "点赞我 Like me" });
      expect(await ordinary.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: true,
        likeCount: 1,
      });
      expect((await ordinary.api.substance.commentList({ substanceId })).records[0]).toMatchObject({
        likeFlag: true,
        likeCount: 1,
      });
      expect((await vip.api.substance.commentList({ substanceId })).records[0]).toMatchObject({
        likeFlag: false,
        likeCount: 1,
      });
      expect(await vip.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: true,
        likeCount: 2,
      });
      expect(await ordinary.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: false,
        likeCount: 1,
      });
      expect(await vip.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: false,
        likeCount: 0,
      });
      expect((await vip.api.substance.commentList({ substanceId })).records[0]).toMatchObject({
        likeFlag: false,
        likeCount: 0,
      });
      expect((await failure(vip.api.substance.likeComment({ commentId: "99999999" }))).code).toBe(404);
    });

    it("lets only the writer delete a comment; a top-level one takes its thread", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const root = await vip.api.substance.doComment({ substanceId, commentContent: "楼主 Top" });
      const other = await vip.api.substance.doComment({ substanceId, commentContent: "另一条 Another" });
      const replies: Comment[] = [];
      for (const text of ["一 One", "二 Two", "三 Three"]) {
        replies.push(
          await permanent.api.substance.doComment({
            substanceId,
            commentContent: text,
            replyCommentId: root.id,
          }),
        );
      }
      expect((await rowOf(substanceId)).commentCount).toBe(5);

      for (const [who, id] of [
        [ordinary, root.id],
        [permanent, root.id],
        [vip, replies[0]?.id ?? ""],
      ] as const) {
        expect(await failure(who.api.substance.deleteComment({ commentId: id }))).toMatchObject({
          code: 403,
          msg: say.notYours,
        });
      }
      expect((await rowOf(substanceId)).commentCount).toBe(5);

      // A reply goes alone.
      await permanent.api.substance.deleteComment({ commentId: replies[0]?.id ?? "" });
      expect((await rowOf(substanceId)).commentCount).toBe(4);
      const after = (await vip.api.substance.commentList({ substanceId })).records.find(
        (c) => c.id === root.id,
      );
      expect(after?.childCount).toBe(2);
      expect(after?.childList.map((c) => c.id)).toEqual([replies[1]?.id, replies[2]?.id]);

      // The top-level comment takes its remaining replies.
      await vip.api.substance.deleteComment({ commentId: root.id });
      const left = await vip.api.substance.commentList({ substanceId });
      expect(left.total).toBe(1);
      expect(left.records.map((c) => c.id)).toEqual([other.id]);
      expect((await vip.api.substance.commentList({ substanceId, rootCommentId: root.id })).records).toEqual(
        [],
      );
      expect((await rowOf(substanceId)).commentCount).toBe(1);
      expect((await vip.api.substance.getInfoById({ id: substanceId })).commentCount).toBe(1);
      expect((await failure(vip.api.substance.deleteComment({ commentId: root.id }))).code).toBe(404);
      expect(
        (await failure(permanent.api.substance.deleteComment({ commentId: replies[1]?.id ?? "" }))).code,
      ).toBe(404);
      expect((await failure(ordinary.api.substance.likeComment({ commentId: root.id }))).code).toBe(404);
      expect(
        await failure(
          permanent.api.substance.doComment({
            substanceId,
            commentContent: "晚了 Late",
            replyCommentId: root.id,
          }),
        ),
      ).toMatchObject({ code: 404, msg: say.replyTargetGone });
    });

    it("keeps markup as plain text, byte for byte", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const texts = [
        "<script>alert(1)</script>",
        `<img src=x onerror="alert('x')"> &amp; &lt;b&gt; \\ "quoted"`,
      ];
      for (const text of texts) {
        const written = await vip.api.substance.doComment({ substanceId, commentContent: text });
        expect(written.commentContent).toBe(text);
        const [stored] = await db()
          .select({ content: comments.content })
          .from(comments)
          .where(eq(comments.id, Number(written.id)));
        expect(stored?.content).toBe(text);
      }
      const listed = await ordinary.api.substance.commentList({ substanceId });
      expect(listed.records.map((c) => c.commentContent).sort()).toEqual([...texts].sort());
      // And as JSON text on the wire: escaped only as JSON escapes it.
      const response = await fetch(`${platform.server.origin}/api/substance/app/comment/longList`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${vip.api.client.storage.get("accessToken") ?? ""}`,
        },
        body: JSON.stringify({ substanceId }),
      });
      const raw = await response.text();
      expect(raw).toContain("<script>alert(1)</script>");
      expect(raw).not.toContain("&lt;script");
    });
  });

  describe("favourite folders", () => {
    it("accepts 2-16 letters or Chinese characters, unique per person", async () => {
      for (const name of ["a", "ab1", "我的1", "a b", "abcdefghijklmnopq"]) {
        expect(await failure(vip.api.substance.createFavorite({ name }))).toMatchObject({
          code: 400,
          msg: say.folderNameFormat,
        });
      }
      expect(await failure(vip.api.substance.createFavorite({ name: "  " }))).toMatchObject({
        code: 400,
        msg: say.folderNameRequired,
      });
      const mine = await vip.api.substance.createFavorite({ name: "我的收藏" });
      expect(mine).toMatchObject({ name: "我的收藏", videoCount: 0 });
      const travel = await vip.api.substance.createFavorite({ name: "Travel" });
      expect(travel.name).toBe("Travel");
      for (const name of ["Travel", "travel", " TRAVEL ", "我的最爱"]) {
        expect(await failure(vip.api.substance.createFavorite({ name }))).toMatchObject({
          code: 409,
          msg: say.folderNameTaken,
        });
      }
      // Another person may use the same name.
      expect((await ordinary.api.substance.createFavorite({ name: "Travel" })).name).toBe("Travel");
      const folders = await vip.api.substance.getFavorite();
      expect(folders.map((f) => f.name)).toEqual(["我的最爱", "我的收藏", "Travel"]);
      expect((await ordinary.api.substance.getFavorite()).map((f) => f.name)).toEqual(["Travel"]);
    });

    it("lets only the owner change, fill, read or delete a folder", async () => {
      const folder = await vip.api.substance.createFavorite({ name: "Mine" });
      const video = String(fresh().id);
      expect(
        await failure(ordinary.api.substance.updateFavorite({ id: folder.id, name: "Stolen" })),
      ).toMatchObject({
        code: 403,
        msg: say.notYours,
      });
      expect((await failure(ordinary.api.substance.deleteFavorite({ id: folder.id }))).code).toBe(403);
      expect(
        (await failure(ordinary.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [video] })))
          .code,
      ).toBe(403);
      expect(
        (
          await failure(
            ordinary.api.substance.unbindCollect({ favoriteId: folder.id, substanceIds: [video] }),
          )
        ).code,
      ).toBe(403);
      expect((await failure(ordinary.api.substance.collectList({ favoriteId: folder.id }))).code).toBe(403);
      expect((await failure(vip.api.substance.updateFavorite({ id: "99999999", name: "Nobody" }))).code).toBe(
        404,
      );
      expect((await vip.api.substance.getFavorite()).find((f) => f.id === folder.id)?.name).toBe("Mine");

      expect((await vip.api.substance.updateFavorite({ id: folder.id, name: "Trips" })).name).toBe("Trips");
      expect(
        (await failure(vip.api.substance.updateFavorite({ id: folder.id, name: "我的最爱" }))).code,
      ).toBe(409);
      // Renaming to its own name again is no conflict.
      expect((await vip.api.substance.updateFavorite({ id: folder.id, name: "Trips" })).name).toBe("Trips");
      await vip.api.substance.deleteFavorite({ id: folder.id });
      expect((await vip.api.substance.getFavorite()).some((f) => f.id === folder.id)).toBe(false);
      expect((await failure(vip.api.substance.deleteFavorite({ id: folder.id }))).code).toBe(404);
    });

    it("binds several videos at once (collecting them) and unbinds them", async () => {
      const folder = await vip.api.substance.createFavorite({ name: "Bound" });
      expect(
        await failure(vip.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [] })),
      ).toMatchObject({
        code: 400,
        msg: say.chooseVideo,
      });
      const chosen = [fresh(), fresh(), fresh()];
      const ids = chosen.map((v) => String(v.id));
      const bound = await vip.api.substance.bindCollect({
        favoriteId: folder.id,
        substanceIds: [...ids, ids[0] ?? ""],
      });
      expect(bound).toMatchObject({ id: folder.id, name: "Bound", videoCount: 3 });
      expect(bound.coverUrl).not.toBeNull();
      for (const video of chosen) {
        expect((await vip.api.substance.getInfoById({ id: String(video.id) })).collectFlag).toBe(true);
        expect((await rowOf(video.id)).collectCount).toBe(video.collectCount + 1);
      }
      // Binding again changes nothing.
      expect(
        (await vip.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: ids })).videoCount,
      ).toBe(3);
      for (const video of chosen) expect((await rowOf(video.id)).collectCount).toBe(video.collectCount + 1);
      // A video under review cannot go in.
      const [pending] = await db()
        .select({ id: videos.id })
        .from(videos)
        .where(ne(videos.status, VIDEO_PUBLISHED))
        .limit(1);
      expect(
        (
          await failure(
            vip.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [String(pending?.id)] }),
          )
        ).code,
      ).toBe(404);
      expect((await vip.api.substance.getFavorite()).find((f) => f.id === folder.id)?.videoCount).toBe(3);

      const inFolder = await vip.api.substance.collectList({ favoriteId: folder.id });
      expect(inFolder.total).toBe(3);
      expect(inFolder.records.map((v) => v.id).sort()).toEqual([...ids].sort());
      const everything = await vip.api.substance.collectList({ size: 50 });
      const [collected] = await db()
        .select({ n: count() })
        .from(videoCollects)
        .where(eq(videoCollects.userId, Number(vip.userId)));
      expect(everything.total).toBe(collected?.n);
      expect(ids.every((id) => everything.records.some((v) => v.id === id))).toBe(true);
      expect(everything.total).toBeGreaterThan(3);
      // Nobody else's collection shows them.
      expect(
        (await ordinary.api.substance.collectList({ size: 50 })).records.some((v) => ids.includes(v.id)),
      ).toBe(false);

      const unbound = await vip.api.substance.unbindCollect({
        favoriteId: folder.id,
        substanceIds: [ids[0] ?? ""],
      });
      expect(unbound.videoCount).toBe(2);
      expect(
        (await vip.api.substance.collectList({ favoriteId: folder.id })).records.map((v) => v.id).sort(),
      ).toEqual(ids.slice(1).sort());
      // Un-collecting a video also takes it out of the folder.
      await vip.api.substance.cancelCollect({ substanceId: ids[1] ?? "" });
      expect((await vip.api.substance.getFavorite()).find((f) => f.id === folder.id)?.videoCount).toBe(1);
      const [items] = await db()
        .select({ n: count() })
        .from(favoriteItems)
        .where(eq(favoriteItems.folderId, Number(folder.id)));
      expect(items?.n).toBe(1);
      expect(
        await failure(vip.api.substance.unbindCollect({ favoriteId: folder.id, substanceIds: [] })),
      ).toMatchObject({
        code: 400,
        msg: say.chooseVideo,
      });
    });
  });

  describe("following", () => {
    it("follows and unfollows an author, idempotently", async () => {
      const author = await userIdOf("13900000004");
      const authorId = String(author);
      const fans = await fansOf(author);
      const before = await vip.api.substance.authorInfo({ userId: authorId });
      expect(before).toMatchObject({ userId: authorId, hasFollow: false, fansCount: fans, isSelf: false });
      const follow = { followUserId: authorId, userId: vip.userId };
      expect(await vip.api.contacts.follow(follow)).toEqual({ hasFollow: true, fansCount: fans + 1 });
      expect(await vip.api.contacts.follow(follow)).toEqual({ hasFollow: true, fansCount: fans + 1 });
      expect(await fansOf(author)).toBe(fans + 1);
      expect(await vip.api.substance.authorInfo({ userId: authorId })).toMatchObject({
        hasFollow: true,
        fansCount: fans + 1,
      });
      expect(await ordinary.api.substance.authorInfo({ userId: authorId })).toMatchObject({
        hasFollow: false,
        fansCount: fans + 1,
      });
      const [theirs] = await db()
        .select({ id: videos.id })
        .from(videos)
        .where(and(isPublished, eq(videos.authorId, author)))
        .limit(1);
      expect((await vip.api.substance.getInfoById({ id: String(theirs?.id) })).hasFollow).toBe(true);
      expect((await ordinary.api.substance.getInfoById({ id: String(theirs?.id) })).hasFollow).toBe(false);

      expect(await vip.api.contacts.unfollow(follow)).toEqual({ hasFollow: false, fansCount: fans });
      expect(await vip.api.contacts.unfollow(follow)).toEqual({ hasFollow: false, fansCount: fans });
      expect(await vip.api.substance.authorInfo({ userId: authorId })).toMatchObject({
        hasFollow: false,
        fansCount: fans,
      });
      expect((await vip.api.substance.getInfoById({ id: String(theirs?.id) })).hasFollow).toBe(false);
    });

    it("refuses following oneself, on someone else's behalf, or nobody", async () => {
      const author = String(await userIdOf("13900000004"));
      expect(
        await failure(vip.api.contacts.follow({ followUserId: vip.userId, userId: vip.userId })),
      ).toMatchObject({
        code: 400,
        msg: say.cannotFollowSelf,
      });
      expect(
        await failure(vip.api.contacts.follow({ followUserId: author, userId: ordinary.userId })),
      ).toMatchObject({
        code: 403,
        msg: say.notYours,
      });
      expect(
        (await failure(vip.api.contacts.unfollow({ followUserId: author, userId: ordinary.userId }))).code,
      ).toBe(403);
      expect(
        (await failure(vip.api.contacts.follow({ followUserId: "99999999", userId: vip.userId }))).code,
      ).toBe(404);
      expect(await fansOf(Number(author))).toBe(0);
      expect(await fansOf(Number(vip.userId))).toBe(0);
    });

    it("describes an author, to themselves and to others", async () => {
      const self = await studio.api.substance.authorInfo({ userId: studio.userId });
      const published = await publishedCount(eq(videos.authorId, Number(studio.userId)));
      expect(self).toMatchObject({
        userId: studio.userId,
        nickName: studioAccount.nickName,
        isSelf: true,
        hasFollow: false,
        videoCount: published,
        fansCount: await fansOf(Number(studio.userId)),
        isVip: false,
      });
      // The videos under review are not counted.
      const [all] = await db()
        .select({ n: count() })
        .from(videos)
        .where(eq(videos.authorId, Number(studio.userId)));
      expect(self.videoCount).toBe((all?.n ?? 0) - 4);
      // The demo member follows the demo author (seeded).
      expect(await vip.api.substance.authorInfo({ userId: studio.userId })).toMatchObject({
        isSelf: false,
        hasFollow: true,
        fansCount: self.fansCount,
      });
      expect(await studio.api.substance.authorInfo({ userId: vip.userId })).toMatchObject({
        isSelf: false,
        isVip: true,
        videoCount: 0,
      });
      expect((await failure(vip.api.substance.authorInfo({ userId: "99999999" }))).code).toBe(404);
    });
  });

  describe("search", () => {
    it("finds videos by a Chinese or an English word, in any letter case, page by page", async () => {
      const city = await vip.api.search.substance({ keyword: "城市", size: 50 });
      const [zh] = await db()
        .select({ n: count() })
        .from(videos)
        .where(and(isPublished, sql`${videos.title} like '%城市%'`));
      expect(city.total).toBe(zh?.n);
      expect(city.total).toBeGreaterThan(0);
      expect(city.total).toBeLessThan(CATALOGUE_SIZE);
      expect(city.records.every((v) => v.videoTitle.includes("城市"))).toBe(true);

      const [en] = await db()
        .select({ n: count() })
        .from(videos)
        .where(and(isPublished, sql`lower(${videos.title}) like '%city%'`));
      for (const keyword of ["City", "city", "CITY", "  city  "]) {
        const found = await vip.api.search.substance({ keyword, size: 50 });
        expect(found.total).toBe(en?.n);
        expect(
          found.records.every((v) =>
            `${v.videoTitle} ${v.tags.join(" ")} ${v.nickName}`.toLowerCase().includes("city"),
          ),
        ).toBe(true);
      }
      const first = await vip.api.search.substance({ keyword: "city", current: 1, size: 5 });
      const second = await vip.api.search.substance({ keyword: "city", current: 2, size: 5 });
      expect(first.records).toHaveLength(5);
      expect(second.records).toHaveLength(5);
      expect(second.total).toBe(first.total);
      expect(second.records.some((v) => first.records.some((w) => w.id === v.id))).toBe(false);
      // With a filter too.
      const paid = await vip.api.search.substance({ keyword: "city", price: PriceFilter.paid, size: 50 });
      expect(paid.total).toBeGreaterThan(0);
      expect(paid.total).toBeLessThan(en?.n ?? 0);
      expect(paid.records.every((v) => v.watchLevel === WatchLevel.CHARGE)).toBe(true);
    });

    it("finds videos by their author's name, and takes % and _ literally", async () => {
      const kitchen = await userIdOf("13900000003");
      const found = await vip.api.search.substance({ keyword: "kitchen", size: 50 });
      expect(found.total).toBe(await publishedCount(eq(videos.authorId, kitchen)));
      expect(
        found.records.every((v) => v.createUserId === String(kitchen) && v.nickName === "厨房日记 Kitchen"),
      ).toBe(true);
      for (const keyword of ["%", "_", "%%", "100%", "C_ty"]) {
        expect((await vip.api.search.substance({ keyword })).total).toBe(0);
      }
      expect((await vip.api.search.substance({ keyword: "" })).total).toBe(CATALOGUE_SIZE);
      // Never a video under review.
      expect((await studio.api.search.substance({ keyword: "My new video" })).total).toBe(0);
    });

    it("finds members by a part of their nickname or their member ID", async () => {
      const studioId = Number(studio.userId);
      const found = await vip.api.search.user({ content: "Studio" });
      expect(found.total).toBe(1);
      expect(found.records).toEqual([
        {
          userId: studio.userId,
          nickName: studioAccount.nickName,
          avatarFileUrl: null,
          fansCount: await fansOf(studioId),
          hasFollow: true,
        },
      ]);
      expect(found.records[0]?.fansCount).toBeGreaterThan(0);
      expect((await vip.api.search.user({ content: "studio" })).total).toBe(1);
      expect((await vip.api.search.user({ content: "工作室" })).records.map((r) => r.userId)).toEqual([
        studio.userId,
      ]);
      const geek = await vip.api.search.user({ content: "Geek" });
      expect(geek.records.map((r) => [r.nickName, r.hasFollow])).toEqual([["极客实验室 Geek Lab", false]]);
      const [row] = await db().select({ memberId: users.memberId }).from(users).where(eq(users.id, studioId));
      expect(
        (await vip.api.search.user({ content: row?.memberId ?? "" })).records.map((r) => r.userId),
      ).toEqual([studio.userId]);
      for (const content of ["", "   "]) {
        expect(await vip.api.search.user({ content })).toEqual({
          records: [],
          total: 0,
          current: 1,
          size: 10,
        });
      }
      expect((await vip.api.search.user({ content: "%" })).total).toBe(0);
      // Paging, most followed first.
      const [withI] = await db().select({ n: count() }).from(users).where(ilike(users.nickName, "%i%"));
      const first = await vip.api.search.user({ content: "i", current: 1, size: 2 });
      const second = await vip.api.search.user({ content: "i", current: 2, size: 2 });
      expect(first.total).toBe(withI?.n);
      expect(first.total).toBeGreaterThan(4);
      expect(first.records).toHaveLength(2);
      expect(second.records).toHaveLength(2);
      expect(second.records.some((r) => first.records.some((s) => s.userId === r.userId))).toBe(false);
      expect(descending([...first.records, ...second.records], (r) => r.fansCount)).toBe(true);
      expect(first.records[0]?.userId).toBe(studio.userId);
    });

    it("searches and deletes one's own watch history, never anyone else's", async () => {
      const watched = [fresh(), fresh(), fresh()];
      for (const video of watched) {
        await permanent.api.substance.doPlay({ onlineId: String(video.id), renewCount: 0, seenMs: 1_000 });
      }
      const ids = watched.map((v) => String(v.id));
      const mine = await permanent.api.search.watchHistory({});
      expect(mine.total).toBe(3);
      expect(mine.records.map((v) => v.id)).toEqual([...ids].reverse());
      expect(mine.records.every((v) => v.seenMs === 1_000 && v.browseTime !== "")).toBe(true);
      const keyword = watched[0]?.title ?? "";
      const searched = await permanent.api.search.watchHistory({ keyword });
      expect(searched.records.map((v) => v.id)).toContain(ids[0]);
      expect(searched.records.every((v) => v.videoTitle.includes(keyword))).toBe(true);
      expect((await permanent.api.search.watchHistory({ keyword: "%" })).total).toBe(0);

      // The member's history is theirs; the permanent member's views are not in it.
      const [vipRows] = await db()
        .select({ n: count() })
        .from(watchHistory)
        .where(eq(watchHistory.userId, Number(vip.userId)));
      const theirs = await vip.api.search.watchHistory({ size: 50 });
      expect(theirs.total).toBe(vipRows?.n);
      expect(theirs.records.some((v) => ids.includes(v.id))).toBe(false);
      expect((await ordinary.api.search.watchHistory({})).total).toBe(0);
      // Deleting by someone else's video ids touches only one's own history.
      await ordinary.api.search.deleteWatchHistory({ substanceIds: ids });
      await vip.api.search.deleteWatchHistory({ substanceIds: ids });
      expect((await permanent.api.search.watchHistory({})).total).toBe(3);

      expect((await failure(permanent.api.search.deleteWatchHistory({}))).code).toBe(400);
      await permanent.api.search.deleteWatchHistory({ substanceIds: [ids[0] ?? ""] });
      expect((await permanent.api.search.watchHistory({})).records.map((v) => v.id)).toEqual([
        ids[2],
        ids[1],
      ]);
      await permanent.api.search.deleteWatchHistory({ all: true });
      expect((await permanent.api.search.watchHistory({})).total).toBe(0);
      const [permanentRows] = await db()
        .select({ n: count() })
        .from(watchHistory)
        .where(eq(watchHistory.userId, Number(permanent.userId)));
      expect(permanentRows?.n).toBe(0);
      // The member's history is still all there.
      expect((await vip.api.search.watchHistory({ size: 50 })).total).toBe(vipRows?.n);
      expect(vipRows?.n).toBeGreaterThan(0);
    });
  });

  describe("the 'my' panel", () => {
    it("shows the member's props and balances, from the seeded ledger", async () => {
      expect(await vip.api.marketing.propsList()).toEqual({ integral: 1280, gameToken: 30, videoCard: 2 });
      const [spent] = await db()
        .select({ total: sql<number>`coalesce(sum(${purchases.amount}), 0)`.mapWith(Number), n: count() })
        .from(purchases)
        .where(eq(purchases.userId, Number(vip.userId)));
      expect(spent?.n).toBe(2);
      const gold = 20_000 - (spent?.total ?? 0);
      expect(gold).toBeLessThan(20_000);
      expect(await vip.api.game.userBalance()).toEqual({ gold, wallet: 5_000, game: 800 });
      expect(await vip.api.trade.accountDetail()).toEqual([
        { type: "GOLD", wallet: gold },
        { type: "WALLET", wallet: 5_000 },
        { type: "GAME", wallet: 800 },
        { type: "GAME_BONUS", wallet: 0 },
      ]);
      // Someone without props or spending.
      expect(await ordinary.api.marketing.propsList()).toEqual({ integral: 0, gameToken: 0, videoCard: 0 });
      expect(await ordinary.api.game.userBalance()).toEqual({ gold: 500, wallet: 0, game: 0 });
      expect((await ordinary.api.trade.accountDetail()).map((e) => e.type)).toEqual([
        "GOLD",
        "WALLET",
        "GAME",
        "GAME_BONUS",
      ]);
    });
  });
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

      const own = [
        permanent.api.system.report({
          targetType: ReportTarget.COMMENT,
          targetId: comment.id,
          reason: ReportReason.SPAM,
        }),
        studio.api.system.report({
          targetType: ReportTarget.USER,
          targetId: studio.userId,
          reason: ReportReason.SPAM,
        }),
      ];
      for (const call of own) {
        expect(await failure(call)).toMatchObject({ code: 400, msg: "不能举报自己的内容" });
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
