// The data-at-scale benchmark (Steps 13 and 23): on PostgreSQL, with the catalogue cache off
// (CATALOGUE_CACHE_MS=0, so every request reads the database), the lists at 10 000 and at
// 100 000 videos (comments ×10, people ÷10: 1 000 000 comments and 10 000 people at the top):
// home page 1 and pages at 90 % and 50 % depth, each sort's first page, free only, search for a
// common Chinese pair, an English word, a rare title and one character, and a 200 000-comment
// video's comments page 1 and at 90 % depth (page 10 000 at most: the deepest `current` allowed).
// Every list both ways: by cursor (decision 0016) and numbered, `current` without a cursor —
// sought through the sort's index, from the nearer end where the database keeps the list's
// length, else counted up to PAGE_COUNT_HORIZON (decision 0033).
// Each case: sequential signed-in requests over HTTP (keep-alive), 15 to warm up, then
// SCALE_SAMPLES (default 150); prints p50 and p95 in ms, the records, a numbered page's total
// ("+": a lower bound), and the growth from the smaller size.
// Targets (p50 at 100 000): every case ≤ 30 ms (cursor lists ≤ 15 ms); growth ≤ 1.5×.
// Run: pnpm -F @platform/server bench:scale   (builds first)
// Options: SCALE_SIZES=10000,100000  SCALE_SAMPLES=150  SCALE_ONLY=numbered|cursor
//          BENCH_DATABASE_URL=postgres://…/postgres  PAGE_COUNT_HORIZON=10000
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { encodeCursor, loadConfig, seed, seedAtScale, startServer } from "../dist/index.js";
import { adminUrl, freshDatabase, reachable, signedInHeaders } from "./support.mjs";

const sizes = (process.env.SCALE_SIZES ?? "10000,100000").split(",").map(Number);
const samples = Number(process.env.SCALE_SAMPLES ?? 150);
const only = process.env.SCALE_ONLY ?? "";
if (!(await reachable())) {
  console.log(`PostgreSQL is not reachable at ${adminUrl}: the scale benchmark runs on PostgreSQL only`);
  process.exit(0);
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Sequential timed POSTs of one body; the answer must be a success with records. */
async function measure(origin, headers, path, body) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${origin}/api${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const json = await response.json();
    const ms = performance.now() - started;
    if (json.code !== 200) throw new Error(`${path} ${JSON.stringify(body)}: ${json.code} ${json.msg}`);
    const { records, total, totalPlus } = json.data;
    return { ms, count: records.length, total: total === undefined ? "" : `${total}${totalPlus ? "+" : ""}` };
  };
  for (let i = 0; i < 15; i++) await once();
  const times = [];
  let last = { count: 0, total: "" };
  for (let i = 0; i < samples; i++) {
    const { ms, ...answer } = await once();
    times.push(ms);
    last = answer;
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), ...last };
}

const results = new Map(); // case → { [size]: { p50, p95, count } }
const notes = [];

for (const videos of sizes) {
  const size = { videos, comments: videos * 10, users: Math.max(10, Math.floor(videos / 10)) };
  const database = await freshDatabase(`platform_scale_${videos}`);
  const dataDir = mkdtempSync(join(tmpdir(), "platform-scale-"));
  const config = loadConfig({
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    CATALOGUE_CACHE_MS: "0",
    // Seeding 100 000 videos runs statements longer than the default 30 s on a busy machine.
    PG_STATEMENT_TIMEOUT_MS: "0",
    ...(process.env.PAGE_COUNT_HORIZON ? { PAGE_COUNT_HORIZON: process.env.PAGE_COUNT_HORIZON } : {}),
    LOG_LEVEL: "warn",
    VALIDATE_RESPONSES: "false",
    MEDIA_DIR: fileURLToPath(new URL("../.cache/test-media", import.meta.url)),
    SEED_MEDIA: "quick",
  });
  const server = await startServer(config);
  try {
    await seed(server.ctx);
    const seeded = await seedAtScale(server.ctx, size);
    notes.push(`${videos} videos: seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
    const { headers } = await signedInHeaders(server, config);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const one = async (text, values = []) => (await client.query(text, values)).rows[0];
    const published = Number(
      (await one("select count(*) as n from videos where status = 99 and deleted_at is null")).n,
    );
    // A page at a depth (10 000 at most), by number; its cursor is the key of the row before it.
    const pageAt = (depth) => Math.min(10_000, Math.floor((published * depth) / 10));
    const homeCursor = async (page) => {
      const row = await one(
        `select is_hot::int::text as a, (extract(epoch from audit_time) * 1000000)::bigint::text as b, id::text as c
         from videos where status = 99 and deleted_at is null
         order by is_hot desc, audit_time desc, id desc offset $1 limit 1`,
        [(page - 1) * 10 - 1],
      );
      return encodeCursor([row.a, row.b, row.c]);
    };
    const deepPage = pageAt(0.9);
    const middlePage = pageAt(0.5);
    const deep = await homeCursor(deepPage);
    const middle = await homeCursor(middlePage);
    const threads = Number(
      (
        await one("select count(*) as n from comments where video_id = $1 and root_id is null", [
          seeded.hotVideoId,
        ])
      ).n,
    );
    const deepThreads = Math.min(10_000, Math.floor((threads * 0.9) / 10));
    const deepComment = await one(
      `select (extract(epoch from created_at) * 1000000)::bigint::text as a, id::text as b from comments
       where video_id = $1 and root_id is null and deleted_at is null
       order by created_at desc, id desc offset $2 limit 1`,
      [seeded.hotVideoId, (deepThreads - 1) * 10 - 1],
    );
    await client.end();

    const list = "/substance/app/substance-online/getVideoList";
    const search = "/search/app/search/substance";
    const commentList = "/substance/app/comment/longList";
    const substanceId = String(seeded.hotVideoId);
    const catalogue = [
      ["home page 1", {}],
      ["home page 1, most plays", { sort: "mostPlays" }],
      ["home page 1, recently updated", { sort: "recentUpdate" }],
      ["home page 1, free only", { price: "free" }],
    ];
    const searches = [
      ["search 美食 (common pair)", "美食"],
      ["search 'city' (English)", "city"],
      ["search 'S4242' (rare)", "S4242"],
      ["search 旅 (one character)", "旅"],
    ];
    // [list, path, the request by cursor, the same page by number]
    const lists = [
      ...catalogue.map(([title, filter]) => [
        title,
        list,
        { ...filter, cursor: null, size: 10 },
        { ...filter, current: 1, size: 10 },
      ]),
      ["home at 90 %", list, { cursor: deep, size: 10 }, { current: deepPage, size: 10 }],
      // A numbered page is sought from the nearer end of the list: the middle is the farthest.
      ["home at 50 %", list, { cursor: middle, size: 10 }, { current: middlePage, size: 10 }],
      ...searches.map(([title, keyword]) => [
        title,
        search,
        { keyword, cursor: null, size: 10 },
        { keyword, current: 1, size: 10 },
      ]),
      [
        "comments page 1",
        commentList,
        { substanceId, cursor: null, size: 10, childSize: 2 },
        { substanceId, current: 1, size: 10, childSize: 2 },
      ],
      [
        "comments at 90 %",
        commentList,
        { substanceId, cursor: encodeCursor([deepComment.a, deepComment.b]), size: 10, childSize: 2 },
        { substanceId, current: deepThreads, size: 10, childSize: 2 },
      ],
    ];
    const cases = lists.flatMap(([title, path, keyed, numbered]) =>
      [
        only === "numbered" ? null : [`${title} (cursor)`, path, keyed],
        only === "cursor" ? null : [`${title} (numbered)`, path, numbered],
      ].filter((c) => c !== null),
    );
    for (const [title, path, body] of cases) {
      const r = await measure(server.origin, headers, path, body);
      if (!results.has(title)) results.set(title, {});
      results.get(title)[videos] = r;
    }
    notes.push(`${videos} videos: ${published} published, ${threads} threads on video ${seeded.hotVideoId}`);
  } finally {
    await server.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nPostgreSQL, CATALOGUE_CACHE_MS=0, ${samples} sequential requests per case, ${new Date().toISOString()}`,
);
for (const note of notes) console.log(`  ${note}`);
const head = sizes.map((s) => `${String(s).padStart(7)}: p50   p95  n  total`).join("   ");
console.log(`${"case".padEnd(42)} ${head}   growth`);
for (const [title, bySize] of results) {
  const cells = sizes.map((s) => {
    const r = bySize[s];
    return r
      ? `${r.p50.toFixed(1).padStart(13)} ${r.p95.toFixed(1).padStart(5)} ${String(r.count).padStart(2)} ${r.total.padStart(6)}`
      : " ".repeat(29);
  });
  const first = bySize[sizes[0]];
  const last = bySize[sizes[sizes.length - 1]];
  const growth = sizes.length > 1 && first && last ? `${(last.p50 / first.p50).toFixed(2)}×` : "";
  console.log(`${title.padEnd(42)} ${cells.join("   ")}   ${growth}`);
}
