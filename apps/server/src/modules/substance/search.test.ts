import { PriceFilter, WatchLevel } from "@platform/domain";
import { and, count, eq, ilike, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { descending, startSocial, studioAccount } from "../../../test/social";
import type { Person, Social } from "../../../test/social";
import { CATALOGUE_SIZE } from "../../seed/catalogue";
import { users, videos, watchHistory } from "../../db/schema";
import { isPublished } from "./access";

eachDatabase("search over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let permanent: Person;
  let studio: Person;
  let fresh: Social["fresh"];
  let publishedCount: Social["publishedCount"];
  let userIdOf: Social["userIdOf"];
  let fansOf: Social["fansOf"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, permanent, studio, fresh, publishedCount, userIdOf, fansOf } =
      await startSocial(target));
  });
  afterAll(() => platform.close());

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
      // A common keyword's matches are not all counted (decision 0033): at least this page and one more.
      expect(first).toMatchObject({ total: 6, totalPlus: true });
      expect(second).toMatchObject({ total: 11, totalPlus: true });
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
});
