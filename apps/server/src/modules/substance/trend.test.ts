import { VIDEO_PUBLISHED } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, rowsOf, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { demoAccounts } from "../../seed";
import { TREND_DAYS, TREND_MAX, utcDay } from "./trend";

// Step 16: the 'trend' tab — the videos most played in the last week.
eachDatabase("the trend list", (target) => {
  let platform: TestPlatform;
  const [vip] = demoAccounts;

  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  /** The last week's plays of each published video, as the database has them. */
  async function recentPlays(): Promise<Map<string, number>> {
    const since = utcDay(platform.server.ctx.now(), -(TREND_DAYS - 1));
    const rows = await rowsOf<{ id: string; plays: string }>(
      platform,
      `select v.id::text as id, sum(p.plays)::text as plays
         from video_daily_plays p join videos v on v.id = p.video_id
        where p.day >= '${since}' and v.status = ${String(VIDEO_PUBLISHED)} and v.deleted_at is null
        group by v.id`,
    );
    return new Map(rows.map((r) => [r.id, Number(r.plays)]));
  }

  it("ranks the seeded videos by their last week's plays, most first, by page", async () => {
    const api = platform.client();
    const first = await api.substance.trendList({ current: 1, size: 10 });
    const second = await api.substance.trendList({ current: 2, size: 10 });
    const plays = await recentPlays();
    expect(first.records).toHaveLength(10);
    expect(first.total).toBe(Math.min(plays.size, TREND_MAX));
    const shown = [...first.records, ...second.records].map((v) => plays.get(v.id) ?? -1);
    // Each names the plays it is ranked by.
    expect([...first.records, ...second.records].map((v) => v.recentPlays)).toEqual(shown);
    expect(shown.every((n) => n > 0)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    // No video twice across the pages, and the first is the week's most played.
    expect(new Set([...first.records, ...second.records].map((v) => v.id)).size).toBe(20);
    expect(shown[0]).toBe(Math.max(...plays.values()));
    // Past the hundredth place there is nothing.
    const beyond = await api.substance.trendList({ current: TREND_MAX / 10 + 1, size: 10 });
    expect(beyond.records).toEqual([]);
  });

  it("a counted play adds to today's row; plays older than a week and hidden videos do not rank", async () => {
    const member = await signIn(platform, vip);
    const page = await member.api.substance.getVideoList({ current: 1, size: 50, price: "free" });
    const plays = await recentPlays();
    const quiet = page.records.find((v) => !plays.has(v.id));
    expect(quiet).toBeDefined();
    const id = quiet?.id ?? "";
    const today = utcDay(platform.server.ctx.now());
    await member.api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 1_000 });
    // A later report of the same viewing only moves the position: still one play.
    await member.api.substance.doPlay({ onlineId: id, renewCount: 1, seenMs: 2_000 });
    const [row] = await rowsOf<{ plays: number }>(
      platform,
      `select plays from video_daily_plays where video_id = ${id} and day = '${today}'`,
    );
    expect(Number(row?.plays)).toBe(1);

    // A huge count eight days ago does not make it the trend's first; a huge count today does.
    const top = Math.max(...plays.values()) + 1_000;
    const eightDaysAgo = utcDay(platform.server.ctx.now(), -TREND_DAYS);
    await rowsOf(
      platform,
      `insert into video_daily_plays (video_id, day, plays) values (${id}, '${eightDaysAgo}', ${String(top * 10)})`,
    );
    expect((await member.api.substance.trendList({ current: 1, size: 1 })).records[0]?.id).not.toBe(id);
    await rowsOf(
      platform,
      `update video_daily_plays set plays = ${String(top)} where video_id = ${id} and day = '${today}'`,
    );
    expect((await member.api.substance.trendList({ current: 1, size: 1 })).records[0]?.id).toBe(id);

    // Taken down (or deleted), it leaves the list.
    await rowsOf(platform, `update videos set deleted_at = now() where id = ${id}`);
    const after = await member.api.substance.trendList({ current: 1, size: 50 });
    expect(after.records.map((v) => v.id)).not.toContain(id);
    await rowsOf(platform, `update videos set deleted_at = null where id = ${id}`);
  });
});
