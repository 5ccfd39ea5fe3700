/**
 * The catalogue at scale (Step 13): on top of the demo seed, `videos` more published videos over
 * the seed's clips, `users` more people (authors and commenters, no password) and `comments` more
 * comments — a fifth of them on one video (threads and replies), the rest spread over the others.
 * Written set-based (INSERT … SELECT generate_series), so 100 000 videos and 1 000 000 comments
 * take seconds on PostgreSQL, not hours; deterministic, so two runs measure the same data.
 * `pnpm -F @platform/server seed-scale` writes it into DATABASE_URL; the scale benchmark uses it.
 */
import { VIDEO_PUBLISHED } from "@platform/domain";
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import { rowsOf } from "../db/subqueries";
import { kinds, places, tagPool } from "./catalogue";

export interface ScaleSize {
  readonly videos: number;
  readonly comments: number;
  readonly users: number;
}

/** The issue's size: 100 000 videos, 1 000 000 comments, 10 000 users. */
export const FULL_SCALE: ScaleSize = { videos: 100_000, comments: 1_000_000, users: 10_000 };

/** A text[] literal of constant words (the seed's own word lists: no caller text reaches it). */
function words(list: readonly string[]): SQL {
  return sql`array[${sql.join(
    list.map((w) => sql`${w}::text`),
    sql`, `,
  )}]`;
}

/** What the scale seed wrote, and the one video that carries the long comment threads. */
export interface ScaleSeeded {
  readonly hotVideoId: number;
  readonly ms: number;
}

export async function seedAtScale(
  ctx: AppContext,
  size: ScaleSize,
  log?: (line: string) => void,
): Promise<ScaleSeeded> {
  const started = Date.now();
  const db = ctx.db;
  const step = async (what: string, query: SQL) => {
    const t = Date.now();
    await db.execute(query);
    log?.(`${what}: ${String(Date.now() - t)} ms`);
  };
  const one = async <T>(query: SQL): Promise<T> => rowsOf<T>(await db.execute(query))[0] as T;
  // People: phones 17xxxxxxxxx (the demo's are 138… and 139…), member ids of nine digits (the
  // app's own are eight), half of them authors.
  await step(
    `${String(size.users)} users`,
    sql`insert into users (mobile, nick_name, member_id, is_author, created_at)
      select '17' || lpad(g::text, 9, '0'),
             (${words(places.map((p) => p[0]))})[1 + g % ${places.length}] || '达人 ' ||
               (${words(places.map((p) => p[1]))})[1 + g % ${places.length}] || ' fan ' || g,
             '9' || lpad(g::text, 8, '0'),
             g % 2 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, ${size.users}) as g`,
  );
  // One statement, no one else writing: the new people have consecutive ids (checked).
  const range = await one<{ first: string; last: string; n: string }>(
    sql`select min(id) as first, max(id) as last, count(*) as n from users where mobile like '17%' and member_id like '9%'`,
  );
  const first = Number(range.first);
  const last = Number(range.last);
  if (last - first + 1 !== Number(range.n) || Number(range.n) !== size.users)
    throw new Error("the scale seed wants an empty 17… phone range: seed it once, on a fresh database");
  // Videos over the seed's clips, by authors among the new people; 2 % hot, a third CHARGE, a
  // third SVIP, reviewed over two years, plays skewed as real plays are.
  await step(
    `${String(size.videos)} videos`,
    sql`with clips as (
        select row_number() over (order by media_key) - 1 as i, media_key, length_ms, width, height
        from (select distinct on (media_key) media_key, length_ms, width, height
              from videos where media_key is not null order by media_key) as c
      ), n as (select count(*) as n from clips)
      insert into videos (author_id, title, introduction, tags, watch_level, amount, free_time_ms,
        classify_id, channel_tag_id, is_hot, is_selected, media_key, length_ms, width, height, status,
        audit_time, play_count, like_count, created_at, updated_at)
      select ${first} + (g * 7919) % ${size.users},
             (${words(places.map((p) => p[0]))})[1 + (g * 31) % ${places.length}] ||
               (${words(kinds.map((k) => k[0]))})[1 + (g * 17) % ${kinds.length}] || ' ' ||
               (${words(places.map((p) => p[1]))})[1 + (g * 31) % ${places.length}] || ' ' ||
               (${words(kinds.map((k) => k[1]))})[1 + (g * 17) % ${kinds.length}] || ' S' || g,
             '',
             array[(${words(tagPool)})[1 + g % ${tagPool.length}], (${words(tagPool)})[1 + (g * 7) % ${tagPool.length}]],
             case g % 3 when 0 then 'FREE' when 1 then 'SVIP' else 'CHARGE' end,
             case g % 3 when 2 then 100 * (1 + g % 30) else 0 end,
             least(15000, clips.length_ms / 2),
             (array(select id from classifications order by sort))[1 + g % 8],
             case when g % 10 = 9 then '1' when g % 10 = 8 then '2' else '0' end,
             g % 50 = 0,
             g % 20 = 0,
             clips.media_key, clips.length_ms, clips.width, clips.height,
             ${VIDEO_PUBLISHED},
             now() - (g * 631 % 1051200) * interval '1 minute',
             floor(power(((g * 2654435761) % 1000003) / 1000003.0, 3) * 500000)::bigint,
             (g * 13) % 3000,
             now() - (g * 631 % 1051200 + 60) * interval '1 minute',
             now() - (g * 631 % 1051200) * interval '1 minute' + (g % 48) * interval '1 hour'
      from generate_series(1, ${size.videos}) as g
      join clips on clips.i = g % (select n from n)`,
  );
  // The video of the long threads: the newest hot one of the new videos.
  const hotVideoId = Number(
    (
      await one<{ id: string }>(
        sql`select id from videos where author_id between ${first} and ${last} and is_hot order by audit_time desc, id desc limit 1`,
      )
    ).id,
  );
  const onHot = Math.floor(size.comments / 5);
  const hotThreads = Math.floor((onHot * 3) / 4);
  const spread = size.comments - onHot;
  await step(
    `${String(hotThreads)} threads on video ${String(hotVideoId)}`,
    sql`insert into comments (video_id, user_id, content, like_count, created_at)
      select ${hotVideoId}, ${first} + (g::bigint * 104729) % ${size.users},
             '第 ' || g || ' 条评论 Comment ' || g, g % 97,
             now() - g * interval '7 seconds'
      from generate_series(1, ${hotThreads}) as g`,
  );
  await step(
    `${String(onHot - hotThreads)} replies in its 1000 newest threads`,
    sql`with roots as (
        select row_number() over (order by created_at desc, id desc) - 1 as i, id, created_at
        from comments where video_id = ${hotVideoId} and root_id is null
        order by created_at desc, id desc limit 1000
      )
      insert into comments (video_id, user_id, root_id, reply_to_id, content, created_at)
      select ${hotVideoId}, ${first} + (g * 7907) % ${size.users}, roots.id, roots.id,
             '回复 ' || g || ' Reply ' || g, roots.created_at + (g / 1000 + 1) * interval '1 second'
      from generate_series(1, ${onHot - hotThreads}) as g
      join roots on roots.i = g % 1000`,
  );
  await step(
    `${String(spread)} comments over the other videos`,
    sql`with scaled as (
        select row_number() over (order by id) - 1 as i, id from videos
        where author_id between ${first} and ${last} and id <> ${hotVideoId}
      ), n as (select count(*) as n from scaled)
      insert into comments (video_id, user_id, content, created_at)
      select scaled.id, ${first} + (g::bigint * 15485863) % ${size.users},
             '评论 ' || g || ' Comment ' || g, now() - g * interval '3 seconds'
      from generate_series(1, ${spread}) as g
      join scaled on scaled.i = (g * 2654435761) % (select n from n)`,
  );
  await step(
    "comment counts",
    sql`update videos set comment_count = c.n
      from (select video_id, count(*) as n from comments group by video_id) as c
      where videos.id = c.video_id and videos.comment_count <> c.n`,
  );
  // What autovacuum would do by itself later: statistics, and the visibility map index-only scans use.
  await step("vacuum analyze", sql`vacuum analyze`);
  return { hotVideoId, ms: Date.now() - started };
}
