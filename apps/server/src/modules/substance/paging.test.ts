/**
 * Keyset paging (decision 0016) against numbered paging, list by list: walking a list by its
 * cursors gives exactly the records, in exactly the order, that its numbered pages give; keyset
 * pages carry no total and end with a null cursor; a cursor that is not one is a 400. And the
 * search's character-pair index: it finds what ILIKE finds, two-character Chinese words included,
 * and the planner can use it.
 */
import { OrderTab, PriceFilter, SortOrder } from "@platform/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure, rawPost, signIn, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { searchMatches, startSocial, vipAccount } from "../../../test/social";
import { seed } from "../../seed";
import type { Person, Social } from "../../../test/social";
import { comments } from "../../db/schema";
import { encodeCursor } from "../../db/keyset";

interface Paged<T> {
  records: T[];
  total?: number;
  cursor?: string | null;
}

/** Every record of a list, page by page, by number. */
async function byNumber<T>(load: (current: number) => Promise<Paged<T>>, size: number): Promise<T[]> {
  const all: T[] = [];
  for (let current = 1; ; current++) {
    const page = await load(current);
    all.push(...page.records);
    if (page.records.length < size) return all;
  }
}

/** Every record of a list, page by page, by cursor; checks each keyset page's shape on the way. */
async function byCursor<T>(load: (cursor: string | null) => Promise<Paged<T>>, size: number): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page: Paged<T> = await load(cursor);
    expect(page.total).toBeUndefined();
    all.push(...page.records);
    if (page.cursor === null || page.cursor === undefined) {
      expect(page.records.length).toBeLessThanOrEqual(size);
      return all;
    }
    expect(page.records).toHaveLength(size);
    cursor = page.cursor;
  }
  throw new Error("the cursors never ended");
}

const ids = (records: readonly { id: string }[]) => records.map((r) => r.id);

eachDatabase("keyset paging and the search index", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let permanent: Person;
  let fresh: Social["fresh"];
  let publishedCount: Social["publishedCount"];
  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, permanent, fresh, publishedCount } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("cursors walk every list as its numbered pages do", () => {
    it("the catalogue, in each sort order and with a filter", async () => {
      const total = await publishedCount();
      for (const sort of [SortOrder.default, SortOrder.recentUpdate, SortOrder.mostPlays]) {
        const size = 7;
        const numbered = await byNumber(
          (current) => vip.api.substance.getVideoList({ current, size, sort }),
          size,
        );
        const keyed = await byCursor(
          (cursor) => vip.api.substance.getVideoList({ cursor, size, sort }),
          size,
        );
        expect(ids(keyed)).toEqual(ids(numbered));
        expect(new Set(ids(keyed)).size).toBe(total);
      }
      const free = await byCursor(
        (cursor) => vip.api.substance.getVideoList({ cursor, size: 5, price: PriceFilter.free }),
        5,
      );
      expect(free.length).toBeGreaterThan(0);
      expect(free.every((v) => v.watchLevel === "FREE")).toBe(true);
      expect(ids(free)).toEqual(
        ids(
          await byNumber(
            (current) => vip.api.substance.getVideoList({ current, size: 5, price: PriceFilter.free }),
            5,
          ),
        ),
      );
    });

    it("search, history, purchases, collection, statement and orders", async () => {
      const size = 3;
      const lists: [
        string,
        (c: string | null) => Promise<Paged<{ id: string }>>,
        (n: number) => Promise<Paged<{ id: string }>>,
      ][] = [
        [
          "search",
          (cursor) => vip.api.search.substance({ keyword: "city", cursor, size }),
          (current) => vip.api.search.substance({ keyword: "city", current, size }),
        ],
        [
          "history",
          (cursor) => vip.api.search.watchHistory({ cursor, size }),
          (current) => vip.api.search.watchHistory({ current, size }),
        ],
        [
          "bought",
          (cursor) => vip.api.substance.myBuyVideoList({ cursor, size }),
          (current) => vip.api.substance.myBuyVideoList({ current, size }),
        ],
        [
          "collected",
          (cursor) => vip.api.substance.collectList({ cursor, size }),
          (current) => vip.api.substance.collectList({ current, size }),
        ],
        [
          "statement",
          (cursor) => vip.api.trade.statement({ cursor, size }),
          (current) => vip.api.trade.statement({ current, size }),
        ],
      ];
      for (const tab of [OrderTab.RECHARGE_ORDER, OrderTab.WITHDRAW_ORDER])
        lists.push([
          tab,
          async (cursor) => {
            const page = await vip.api.trade.userBillDetails({ tab, cursor, size });
            return { ...page, records: page.records.map((r) => ({ id: r.orderNum })) };
          },
          async (current) => {
            const page = await vip.api.trade.userBillDetails({ tab, current, size });
            return { ...page, records: page.records.map((r) => ({ id: r.orderNum })) };
          },
        ]);
      for (const [name, keyed, numbered] of lists) {
        const a = await byCursor(keyed, size);
        const b = await byNumber(numbered, size);
        expect({ name, ids: ids(a) }).toEqual({ name, ids: ids(b) });
        if (!name.endsWith("_ORDER")) expect({ name, some: a.length > 0 }).toEqual({ name, some: true });
      }
    });

    it("comments and a thread's replies, even when they were written in the same millisecond", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      for (let i = 0; i < 7; i++)
        await vip.api.substance.doComment({
          substanceId,
          commentContent: `第 ${String(i)} 条 No. ${String(i)}`,
        });
      const [first] = (await vip.api.substance.commentList({ substanceId, size: 1 })).records;
      if (!first) throw new Error("no comment");
      for (let i = 0; i < 5; i++)
        await permanent.api.substance.doComment({
          substanceId,
          commentContent: `回复 ${String(i)} Reply ${String(i)}`,
          replyCommentId: first.id,
        });
      // Microseconds apart: a cursor that kept only milliseconds would skip or repeat these.
      await db().execute(
        sql`update ${comments} set created_at = timestamptz '2026-01-01 00:00:00.000001+00' + (id % 3) * interval '1 microsecond' where video_id = ${video.id}`,
      );
      const size = 2;
      const threads = await byCursor(
        (cursor) => vip.api.substance.commentList({ substanceId, cursor, size }),
        size,
      );
      expect(threads).toHaveLength(7);
      expect(ids(threads)).toEqual(
        ids(await byNumber((current) => vip.api.substance.commentList({ substanceId, current, size }), size)),
      );
      const replies = await byCursor(
        (cursor) => vip.api.substance.commentList({ substanceId, rootCommentId: first.id, cursor, size }),
        size,
      );
      expect(replies.map((r) => r.commentContent)).toHaveLength(5);
      expect(ids(replies)).toEqual(
        ids(
          await byNumber(
            (current) =>
              vip.api.substance.commentList({ substanceId, rootCommentId: first.id, current, size }),
            size,
          ),
        ),
      );
    });

    it("numbered pages still count; a first keyset page does not", async () => {
      const numbered = await vip.api.substance.getVideoList({ current: 2, size: 10 });
      expect(numbered.total).toBe(await publishedCount());
      expect(numbered.cursor).toEqual(expect.any(String));
      const keyed = await vip.api.substance.getVideoList({ cursor: null, size: 10 });
      expect(keyed).not.toHaveProperty("total");
      // A numbered page's cursor goes on from that page.
      const third = await vip.api.substance.getVideoList({ current: 3, size: 10 });
      const next = await vip.api.substance.getVideoList({ cursor: numbered.cursor ?? "", size: 10 });
      expect(ids(next.records)).toEqual(ids(third.records));
    });
  });

  describe("a cursor that is not one", () => {
    it("is refused with a 400 that names the field, never a 500", async () => {
      const path = "/substance/app/substance-online/getVideoList";
      const auth = { authorization: `Bearer ${vip.api.client.accessToken ?? ""}` };
      const threeKeys = encodeCursor(["1", "1700000000000000", "5"]);
      for (const cursor of [
        "!!!",
        "",
        "a".repeat(300),
        encodeCursor(["1", "2"]), // two keys where the default order has three
        encodeCursor(["2", "1700000000000000", "5"]), // a boolean that is neither 0 nor 1
        encodeCursor(["1", "1".repeat(19), "5"]), // past a bigint
        encodeCursor(["1", "1700000000000000", "05"]),
        `${threeKeys}=`,
        Buffer.from("1.2.3\u0000").toString("base64url"),
        12345,
        { id: 1 },
      ]) {
        const answer = await rawPost(platform, path, JSON.stringify({ cursor }), auth);
        expect({ cursor, code: answer.json.code }).toEqual({ cursor, code: 400 });
      }
      // The comments' list refuses a catalogue's cursor (three keys where it has two).
      expect(
        await failure(vip.api.substance.commentList({ substanceId: String(fresh().id), cursor: threeKeys })),
      ).toMatchObject({ code: 400 });
      // A well-formed cursor from far away is just a place: past the end, an empty last page.
      const far = await vip.api.substance.getVideoList({
        cursor: encodeCursor(["0", "0", "1"]),
        size: 10,
      });
      expect(far).toMatchObject({ records: [], cursor: null });
    });
  });

  describe("search by character pairs", () => {
    it("finds what ILIKE finds, for Chinese pairs, single characters, several words and wildcards", async () => {
      for (const keyword of [
        "美食",
        "城",
        "城市夜景",
        "street food",
        "FOOD",
        "Vlog 1",
        "%",
        "_",
        "食 街",
        "ｘ",
      ]) {
        const found = await byCursor((cursor) => vip.api.search.substance({ keyword, cursor, size: 50 }), 50);
        const expected = await searchMatches(db(), keyword);
        expect({ keyword, ids: ids(found).sort() }).toEqual({ keyword, ids: expected.sort() });
      }
      expect((await vip.api.search.substance({ keyword: "美食", size: 50 })).total).toBeGreaterThan(0);
    });

    it("gives the same pages whether a keyword is found near the cursor or through the indexes", async () => {
      // A server that reads only 16 videos of the order before it asks the indexes: both ways of
      // finding a page run on the small catalogue, and each must give what the other gives.
      const small = await startPlatform(target, { SEARCH_PROBE_ROWS: "16" });
      try {
        await seed(small.server.ctx);
        const reader = await signIn(small, vipAccount);
        for (const keyword of ["美食", "city", "Aurora Journey 2", "城市夜景纪录"]) {
          for (const sort of [SortOrder.default, SortOrder.mostPlays]) {
            const there = await byCursor(
              (cursor) => reader.api.search.substance({ keyword, cursor, size: 6, sort }),
              6,
            );
            const here = await byCursor(
              (cursor) => vip.api.search.substance({ keyword, cursor, size: 6, sort }),
              6,
            );
            const numbered = await byNumber(
              (current) => reader.api.search.substance({ keyword, current, size: 6, sort }),
              6,
            );
            const titles = (list: readonly { videoTitle: string }[]) => list.map((v) => v.videoTitle);
            expect({ keyword, sort, titles: titles(there) }).toEqual({ keyword, sort, titles: titles(here) });
            expect(titles(numbered)).toEqual(titles(there));
          }
        }
      } finally {
        await small.close();
      }
    });

    it("reads candidates from the GIN index, not every row", async () => {
      const plan = await platform.server.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select id from videos where search_grams @> keyword_grams('美食')`);
      });
      const text = JSON.stringify(plan);
      expect(text).toContain("videos_search");
      const grams = await db().execute(sql`select keyword_grams('美食 Ab c') as k, text_grams('美食') as t`);
      expect(JSON.stringify(grams)).toContain("美食");
    });
  });
});
