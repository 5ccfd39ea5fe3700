/**
 * What an author earned from their videos (Step 22, decision 0032): their share of every sale, in
 * the last days, per day and per video. A refunded sale (the video deleted or taken down) is left
 * out: its share was taken back.
 */
import { sql } from "drizzle-orm";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/subqueries";

export async function creatorEarnings(
  ctx: AppContext,
  userId: number,
  days: number,
): Promise<ResponseOf<"substance.creatorEarnings">> {
  const now = ctx.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * 86_400_000);
  const sold = sql`purchases p JOIN videos v ON v.id = p.video_id
    WHERE v.author_id = ${userId} AND p.author_share > 0 AND p.refunded_at IS NULL AND p.created_at >= ${from}`;
  const perDay = rowsOf<{ day: string; amount: string | number; sales: string | number }>(
    await ctx.db.execute(sql`SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      sum(p.author_share)::bigint AS amount, count(*)::int AS sales FROM ${sold} GROUP BY 1`),
  );
  const perVideo = rowsOf<{
    id: string | number;
    title: string;
    amount: string | number;
    sales: string | number;
  }>(
    await ctx.db
      .execute(sql`SELECT v.id, v.title, sum(p.author_share)::bigint AS amount, count(*)::int AS sales
      FROM ${sold} GROUP BY v.id, v.title ORDER BY 3 DESC, v.id LIMIT 50`),
  );
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const list = Array.from({ length: days }, (_, i) => {
    const day = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, amount: Number(row?.amount ?? 0), sales: Number(row?.sales ?? 0) };
  });
  return {
    sharePercent: ctx.config.console.creatorSharePercent,
    total: list.reduce((sum, d) => sum + d.amount, 0),
    sales: list.reduce((sum, d) => sum + d.sales, 0),
    days: list,
    videos: perVideo.map((r) => ({
      videoId: String(r.id),
      title: r.title,
      amount: Number(r.amount),
      sales: Number(r.sales),
    })),
  };
}
