import { randomBytes } from "node:crypto";
import { basicAuthorization, encryptReq } from "@platform/api-client";
import { endpoints, schemas } from "@platform/api-client/contract";
import type { EndpointDef, EndpointName } from "@platform/api-client/contract";
import type { z } from "zod";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fuzzSettings } from "../test/env";
import { eachDatabase, rowsOf, signIn, startPlatform } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import {
  Rng,
  badIds,
  badQueries,
  describe as describeValue,
  fieldsOf,
  mutationsOf,
  pool,
  queryOf,
  requestText,
  sealBytes,
  send,
  validValue,
  visible,
  without,
  wrongContentTypes,
} from "../test/fuzz";
import type { Answer, MutationKind, Payload, Probe, ZodLike } from "../test/fuzz";
import { demoAccounts, seed } from "./db/seed";
import { segmentSignature } from "./media/routes";
import { hmac } from "./security/secrets";

/**
 * Step 8's fuzz suite: thousands of generated bad requests to every served endpoint (the contract's
 * table, so a new call joins by itself, plus the server's own routes), signed in and anonymous.
 * None may answer a 5xx or a business 500, the server must stay healthy, and no balance, purchase or
 * profile may change. FUZZ_SEED=<n> replays a run; FUZZ_PER_ENDPOINT=<n> tries more per endpoint.
 */

const fuzzSeed = fuzzSettings.seed ? Number(fuzzSettings.seed) >>> 0 : randomBytes(4).readUInt32BE(0);
/** Mutation cases tried per endpoint (each sent signed in and anonymous): ≈ 9 000 requests in all. */
const perEndpoint = Number(fuzzSettings.perEndpoint) || 60;
const CONCURRENCY = 8;

/** Calls whose valid request would undo the fuzzing account itself: only invalid ones are sent. */
const destructive: ReadonlySet<string> = new Set(["user.logoff"]);
/** Columns the profile calls write: a valid request there repeats today's value (see `profile`). */
const profileFields: ReadonlySet<string> = new Set([
  "nickName",
  "gender",
  "area",
  "introduction",
  "birthday",
  "bgImgFilename",
  "bgImgBucket",
]);
const multiLine: ReadonlySet<string> = new Set(["introduction", "commentContent"]);

/** An id no row has: money calls point at it, so a request that slips through still moves nothing. */
const NO_ROW = "987654321";
/** More than any seeded balance, within 2^53: a money call that slips through is refused for funds. */
const TOO_MUCH = 1_000_000_000_000;

const profile = {
  nickName: "Fuzz Ying",
  gender: "FEMALE",
  area: "Fuzz City",
  introduction: "fuzzing\nsecond line",
  birthday: "1990-02-03",
} as const;

/** A tiny real PNG (1×1), for the background picture and the upload PUT. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

interface Fixtures {
  readonly token: string;
  readonly userId: string;
  readonly authorId: string;
  readonly video: string;
  readonly boughtVideo: string;
  readonly commentId: string;
  readonly classifyId: string;
  readonly topicId: string;
  readonly keepFolder: string;
  readonly dropFolder: string;
  readonly bgKey: string;
  readonly bgBucket: string;
  readonly playlistPath: string;
  readonly segmentPath: string;
  readonly coverPath: string;
  readonly uploadPath: string;
}

/** One mutation of one endpoint, sent as each of `auths`. */
interface Case {
  readonly endpoint: string;
  readonly kind: MutationKind;
  readonly group: string;
  readonly detail: string;
  readonly auths: readonly ("user" | "anon")[];
  build(auth: "user" | "anon"): Promise<Probe | null>;
}

interface Result {
  readonly probe: Probe;
  readonly answer: Answer;
}

interface Snapshot {
  readonly wallets: unknown[];
  readonly ledger: unknown[];
  readonly purchases: unknown[];
  readonly profiles: unknown[];
}

const profileColumns = [
  "id",
  "mobile",
  "password_hash",
  "nick_name",
  "gender",
  "birthday",
  "area",
  "introduction",
  "avatar_url",
  "bg_img_key",
  "bg_img_bucket",
  "member_id",
  "channel_tag_id",
  "invite_code",
  "vip_expires_at",
  "vip_permanent",
  "is_author",
  "deleted_at",
].join(", ");

async function snapshot(platform: TestPlatform): Promise<Snapshot> {
  return {
    wallets: await rowsOf(platform, "select id, user_id, type, balance from wallet_accounts order by id"),
    ledger: await rowsOf(
      platform,
      "select count(*)::int as entries, coalesce(sum(amount), 0)::text as total from ledger_entries",
    ),
    purchases: await rowsOf(
      platform,
      "select id, user_id, video_id, pay_type, amount from purchases order by id",
    ),
    profiles: await rowsOf(platform, `select ${profileColumns} from users order by id`),
  };
}

/** What changed between two snapshots, table by table and row by row. */
function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const table of ["wallets", "ledger", "purchases", "profiles"] as const) {
    const was = before[table].map((row) => JSON.stringify(row));
    const is = after[table].map((row) => JSON.stringify(row));
    for (const row of was) if (!is.includes(row)) out.push(`${table}: was ${row}`);
    for (const row of is) if (!was.includes(row)) out.push(`${table}: now ${row}`);
  }
  return out;
}

async function one<T>(platform: TestPlatform, query: string): Promise<T> {
  const [row] = await rowsOf<T>(platform, query);
  if (row === undefined) throw new Error(`no row: ${query}`);
  return row;
}

/** The seeded rows and uploads the baselines point at, made before the snapshot. */
async function prepare(
  platform: TestPlatform,
): Promise<{ fixtures: Fixtures; api: Awaited<ReturnType<typeof signIn>>["api"] }> {
  const [account, , , studio] = demoAccounts;
  // The super member: gold, two purchases, may comment; the money calls are really its own.
  const { api, userId } = await signIn(platform, account);
  const token = api.client.accessToken;
  if (token === null) throw new Error("signed in without a token");
  const author = await one<{ id: string | number }>(
    platform,
    `select id from users where mobile = '${studio.mobile}'`,
  );
  const commented = await one<{ id: string | number; video_id: string | number }>(
    platform,
    `select c.id, c.video_id from comments c join videos v on v.id = c.video_id
     where v.watch_level = 'FREE' and v.status = 99 and v.deleted_at is null and c.root_id is null and c.deleted_at is null
     order by c.id limit 1`,
  );
  const bought = await one<{ video_id: string | number }>(
    platform,
    `select video_id from purchases where user_id = ${userId} order by id limit 1`,
  );
  const classify = await one<{ id: string | number }>(
    platform,
    "select id from classifications order by id limit 1",
  );
  const topic = await one<{ id: string | number }>(platform, "select id from topics order by id limit 1");
  const video = String(commented.video_id);

  // The profile the valid profile calls repeat, so a request that passes changes nothing.
  await api.user.modifyInfo({
    nickName: profile.nickName,
    gender: profile.gender,
    area: profile.area,
    introduction: profile.introduction,
  });
  await api.user.modifyBirthday({ birthday: profile.birthday });
  const uploaded = await api.uploadFile(new File([png], "bg.png", { type: "image/png" }), {
    uploadFileType: "PICTURE",
  });
  await api.user.modifyBgImg({ bgImgFilename: uploaded.key, bgImgBucket: uploaded.bucketEnum });
  const keep = await api.substance.createFavorite({ name: "Fuzzkeep" });
  const drop = await api.substance.createFavorite({ name: "Fuzzdrop" });

  const detail = await api.substance.getInfoById({ id: video });
  const playUrl = detail.multiResolutionList[0]?.videoPlayUrl;
  if (!playUrl || !detail.coverFileUrl) throw new Error("the fuzzing video has no playlist or cover");
  const playlist = await fetch(`${platform.server.origin}${playUrl}?token=${token}`);
  const segment = (await playlist.text()).split("\n").find((line) => line.startsWith("/api/media/seg/"));
  if (!segment) throw new Error("the playlist names no segment");
  const put = await api.upload.signUrl({
    busType: "FILE",
    channelEnum: "APP",
    fileName: "put.png",
    filePath: "",
    uploadFileType: "PICTURE",
    contentType: "image/png",
    fileSize: png.length,
  });
  return {
    api,
    fixtures: {
      token,
      userId,
      authorId: String(author.id),
      video,
      boughtVideo: String(bought.video_id),
      commentId: String(commented.id),
      classifyId: String(classify.id),
      topicId: String(topic.id),
      keepFolder: keep.id,
      dropFolder: drop.id,
      bgKey: uploaded.key,
      bgBucket: uploaded.bucketEnum,
      playlistPath: playUrl,
      segmentPath: segment,
      coverPath: detail.coverFileUrl,
      uploadPath: put.uploadUrl,
    },
  };
}

/** Values by field name: what `validValue` cannot derive (patterns, real rows), per endpoint. */
function hintsFor(
  name: EndpointName,
  def: EndpointDef,
  fx: Fixtures,
  clientId: string,
): Record<string, unknown> {
  const phone = "13700009999";
  const common: Record<string, unknown> = {
    userId: fx.userId,
    followUserId: fx.authorId,
    substanceId: fx.video,
    onlineId: fx.video,
    videoId: fx.video,
    targetId: fx.video,
    id: fx.video,
    commentId: fx.commentId,
    classifyId: fx.classifyId,
    topicId: fx.topicId,
    favoriteId: fx.keepFolder,
    substanceIds: [fx.video],
    goodId: NO_ROW,
    payeeId: NO_ROW,
    mobile: phone,
    phoneNumbers: phone,
    username: phone,
    code: "1234",
    password: "QUJD".repeat(43),
    sign: "s".repeat(32),
    refresh_token: "r".repeat(43),
    secret: "s".repeat(43),
    cardId: "card-fuzz",
    clientId,
    channelTagId: "0",
    ...profile,
    bgImgFilename: fx.bgKey,
    bgImgBucket: fx.bgBucket,
    name: "Fuzzkeep",
    timestamp: Date.now(),
    event: "fuzz_event",
    page: "/fuzz",
    referrer: "",
    data: "{}",
    keyword: "fuzz",
    content: "fuzz",
    fileName: "a.png",
    contentType: "image/png",
    fileSize: 100,
    commentContent: "fuzz comment",
    userAgent: "fuzz-agent",
    orderNum: "FUZZ000001",
    gameCode: "fuzz",
    cardNumber: "6222020200112233",
    cardholderName: "Fuzz Tester",
    bankName: "Fuzz Bank",
    eepayAccount: "fuzz@wallet",
    renewCount: 1,
    seenMs: 1000,
  };
  const own: Partial<Record<EndpointName, Record<string, unknown>>> = {
    "substance.browseMyVideo": { userId: fx.authorId },
    "substance.authorInfo": { userId: fx.authorId },
    "substance.updateFavorite": { id: fx.keepFolder, name: "Fuzzkeep" },
    "substance.deleteFavorite": { id: fx.dropFolder },
    "substance.saveMyVideo": { id: undefined },
    "system.report": { targetType: "VIDEO" },
    // Already bought: a valid request is a 409, never a second charge.
    "substance.buyVideo": { substanceId: fx.boughtVideo },
  };
  // Money calls name nothing real and more than anyone has, whatever the endpoint (a later one too).
  const money = def.money ? { substanceId: NO_ROW, id: NO_ROW, amount: TOO_MUCH } : {};
  return { ...common, ...money, ...own[name] };
}

const bearerValues = (token: string): readonly string[] => [
  "Bearer",
  "Bearer ",
  `bearer ${token}`,
  `Bearer ${token}x`,
  `Bearer ${token.slice(0, -1)}`,
  "Bearer x",
  `Bearer ${"a".repeat(8000)}`,
  `Bearer ${"a".repeat(20_000)}`,
  `Bearer ${token}\u0000`,
  "Bearer 令牌",
  `Bearer ${token} ${token}`,
  `Basic ${token}`,
  `Bearer\t${token}`,
  "Bearer %00",
  "Bearer null",
  "Bearer undefined",
  `Bearer ${token}\r\nX-Injected: 1`,
];

const headerValues: readonly (readonly [string, string])[] = [
  ["time-zone", "GMT+99:99"],
  ["time-zone", "GMT-99:59"],
  ["time-zone", "GMT+1e20"],
  ["time-zone", "garbage"],
  ["time-zone", "x".repeat(8000)],
  ["language", "xx_XX"],
  ["language", ""],
  ["language", "__proto__"],
  ["language", "en_US".repeat(1000)],
  ["bus-platform-id", "\u00ff\u00fe"],
  ["bus-platform-id", "-1"],
  ["channelTagId", "9".repeat(100)],
  ["register-platform-id", "abc"],
  ["platform", "<script>"],
  ["user-agent", "x".repeat(8000)],
  ["user-agent", "fuzz\u0001agent"],
  ["x-forwarded-for", "not-an-ip"],
  ["x-forwarded-for", "1.1.1.1, 2.2.2.2, ::1"],
  ["x-forwarded-for", "x".repeat(8000)],
  ["forwarded", 'for="[::1]";proto=http'],
  ["accept-language", "\u00e9".repeat(100)],
  ["accept-encoding", "br;q=2, gzip;q=-1, *;q=NaN"],
];

const idempotencyValues: readonly (string | null)[] = [
  null,
  "",
  "short",
  "has space in it",
  "a".repeat(129),
  "a".repeat(8000),
  "ключ-ключ-ключ",
  "key\u0000key-long-enough",
  "../../../etc/passwd",
  "aaaaaaaa,bbbbbbbb",
  "aaaaaaaa1\r\nIdempotency-Key: bbbbbbbb2",
];

const basicValues = (clientId: string, secret: string): readonly (string | null)[] => [
  null,
  "",
  "Basic",
  "Basic !!!",
  `Basic ${Buffer.from(`${clientId}:wrong`).toString("base64")}`,
  `Basic ${Buffer.from(clientId).toString("base64")}`,
  `Basic ${Buffer.from(":").toString("base64")}`,
  `Basic ${Buffer.from(`${clientId}:${secret}x`).toString("base64")}`,
  `Basic ${Buffer.from(secret).toString("base64")}`,
  `basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
  `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")} `,
  `Basic ${Buffer.from("\u0000:\u0000").toString("base64")}`,
  `Basic ${"A".repeat(10_000)}`,
  "Basic 令牌",
  `Bearer ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
];

/** Path segments a router, a file lookup or a query must survive (already percent-encoded). */
const badSegments: readonly string[] = [
  "..",
  "%2e%2e",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF",
  "%",
  "x".repeat(300),
  "con",
  "%20",
  "a%2Fb",
  "~",
];

const rangeValues: readonly (readonly [string, string])[] = [
  ["range", "bytes=abc"],
  ["range", "bytes=99999999999999999999-"],
  ["range", "bytes=-99999999999999999999"],
  ["range", "bytes=5-1"],
  ["range", "bytes=0-0,1-1"],
  ["range", "bytes=-0"],
  ["range", "items=0-1"],
  ["if-none-match", "*"],
  ["if-none-match", "x".repeat(8000)],
  ["if-range", '"nope"'],
];

/** Headers group by what reads them, so a sample tries each reader rather than each header. */
function headerClass(header: string): string {
  if (header === "time-zone" || header === "range") return header;
  if (header.includes("language")) return "language";
  if (header.includes("forwarded")) return "forwarded";
  if (header.startsWith("if-")) return "conditional";
  return "other";
}

/** Pick `budget` cases by going round the groups in a shuffled order (so every group is tried). */
function sample(rng: Rng, cases: readonly Case[], budget: number): Case[] {
  const groups = new Map<string, Case[]>();
  for (const c of cases) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const queues = rng.shuffle([...groups.values()].map((list) => rng.shuffle(list)));
  const out: Case[] = [];
  const limit = Math.max(budget, queues.length);
  while (out.length < limit && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.pop();
      if (next && out.length < limit) out.push(next);
    }
  }
  return out;
}

/**
 * The server's own routes (media, uploads, the app's config, the sandbox, health): not in the
 * contract, so their mutations are written here, against the URLs the fixtures name.
 */
function serverRouteCases(
  platform: TestPlatform,
  fx: Fixtures,
  served: string[],
  unserved: string[],
): Case[] {
  const server = platform.server;
  const cases: Case[] = [];
  const own = (endpoint: string, method: string, url: string) => {
    if (!server.app.hasRoute({ method, url })) {
      unserved.push(endpoint);
      return false;
    }
    served.push(endpoint);
    return true;
  };
  const userHeaders = (auth: "user" | "anon"): Record<string, string> =>
    auth === "user" ? { authorization: `Bearer ${fx.token}` } : {};
  const plain = (
    endpoint: string,
    kind: MutationKind,
    group: string,
    detail: string,
    auths: readonly ("user" | "anon")[],
    make: (auth: "user" | "anon") => Omit<Probe, "endpoint" | "kind" | "detail" | "auth">,
  ) => {
    cases.push({
      endpoint,
      kind,
      group,
      detail,
      auths,
      build: (auth) => Promise.resolve({ endpoint, kind, detail, auth, ...make(auth) }),
    });
  };
  const both = ["user", "anon"] as const;
  /** Range and validator headers on a file answer (ranges, 304s, 416s). */
  const rangeCases = (endpoint: string, path: string) => {
    for (const [header, value] of rangeValues) {
      plain(
        endpoint,
        "headers",
        `headers:${headerClass(header)}`,
        `${header}: ${value.slice(0, 40)}`,
        both,
        (auth) => ({ method: "GET", path, headers: { ...userHeaders(auth), [header]: value } }),
      );
    }
  };

  // Playlists: the token rides in the query.
  const hls = "GET /api/media/hls/:videoId/:file";
  if (own(hls, "GET", "/api/media/hls/:videoId/:file")) {
    const [, , , , videoId = "", file = ""] = fx.playlistPath.split("/");
    const tokenQuery = (auth: "user" | "anon") => (auth === "user" ? `?token=${fx.token}` : "");
    plain(hls, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: `${fx.playlistPath}${tokenQuery(auth)}`,
      headers: {},
    }));
    for (const id of badIds) {
      const segment = encodeURIComponent(String(id));
      plain(hls, "badId", "badId:videoId", `videoId=${describeValue(id)}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/hls/${segment}/${file}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
    }
    for (const bad of [
      ...badSegments,
      "9999p.m3u8",
      "360p.m3u8%00",
      "360P.M3U8",
      "99999999999999999999p.m3u8",
      "1e400p.m3u8",
    ]) {
      plain(hls, "path", "path:file", `file=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/hls/${videoId}/${bad}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
      plain(hls, "path", "path:videoId", `videoId=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/hls/${bad}/${file}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
    }
    for (const value of [
      "",
      "x",
      "%00",
      "a".repeat(8000),
      `${fx.token}x`,
      `${fx.token}&token=${fx.token}`,
      `${fx.token}%00`,
      "%ED%A0%80",
    ]) {
      const detail = `token=${describeValue(value.replace(fx.token, "<token>"))}`;
      plain(hls, "bearer", "bearer", detail, ["user"], () => ({
        method: "GET",
        path: `${fx.playlistPath}?token=${value}`,
        headers: {},
      }));
    }
    for (const query of badQueries) {
      plain(hls, "query", "query", query.slice(0, 60), both, (auth) => ({
        method: "GET",
        path: `${fx.playlistPath}${tokenQuery(auth) || "?"}&${query.slice(1)}`,
        headers: {},
      }));
    }
  }

  // Segments: signatures checked first, then validly signed odd paths (what a leaked key could do).
  const seg = "GET /api/media/seg/:videoId/:rendition/:file";
  if (own(seg, "GET", "/api/media/seg/:videoId/:rendition/:file")) {
    const url = new URL(fx.segmentPath, "http://x");
    const [, , , , videoId = "", rendition = "", file = ""] = url.pathname.split("/");
    const expires = url.searchParams.get("expires") ?? "";
    plain(seg, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: fx.segmentPath,
      headers: userHeaders(auth),
    }));
    for (const value of [
      "",
      "abc",
      "1e20",
      "-1",
      "0",
      "1.5",
      "99999999999999999999",
      "NaN",
      "Infinity",
      "%00",
    ]) {
      plain(seg, "query", "query:expires", `expires=${value}`, both, (auth) => ({
        method: "GET",
        path: fx.segmentPath.replace(/expires=\d+/, `expires=${value}`),
        headers: userHeaders(auth),
      }));
    }
    for (const value of ["", "forged", "%00", "a".repeat(8000)]) {
      plain(seg, "query", "query:sig", `sig=${value}`, both, (auth) => ({
        method: "GET",
        path: fx.segmentPath.replace(/sig=[^&]+/, `sig=${value}`),
        headers: userHeaders(auth),
      }));
    }
    const signed = (v: string, r: string, f: string, e: string) => {
      const decoded = [v, r, f].map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
      const sig = segmentSignature(server.ctx, decoded.join("/"), Number(e));
      return `/api/media/seg/${v}/${r}/${f}?expires=${e}&sig=${sig}`;
    };
    for (const id of badIds) {
      const v = encodeURIComponent(String(id));
      plain(seg, "badId", "badId:videoId", `videoId=${describeValue(id)} (signed)`, both, (auth) => ({
        method: "GET",
        path: signed(v, rendition, file, expires),
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    for (const bad of badSegments) {
      plain(seg, "path", "path:rendition", `rendition=${bad} (signed)`, both, (auth) => ({
        method: "GET",
        path: signed(videoId, bad, file, expires),
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(seg, "path", "path:file", `file=${bad} (signed)`, both, (auth) => ({
        method: "GET",
        path: signed(videoId, rendition, bad, expires),
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    plain(seg, "query", "query:expires", "expires=2^53-1 (signed)", both, (auth) => ({
      method: "GET",
      path: signed(videoId, rendition, file, String(Number.MAX_SAFE_INTEGER)),
      headers: userHeaders(auth),
    }));
    rangeCases(seg, fx.segmentPath);
  }

  // Covers: public files by folder and name.
  const covers = "GET /api/media/covers/:folder/:file";
  if (own(covers, "GET", "/api/media/covers/:folder/:file")) {
    const [, , , , folder = "", file = ""] = fx.coverPath.split("/");
    plain(covers, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: fx.coverPath,
      headers: userHeaders(auth),
    }));
    for (const bad of badSegments) {
      plain(covers, "path", "path:folder", `folder=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/covers/${bad}/${file}`,
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(covers, "path", "path:file", `file=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/covers/${folder}/${bad}`,
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    rangeCases(covers, fx.coverPath);
  }

  // Uploaded pictures by bucket and key.
  const files = "GET /api/media/files/:bucket/*";
  if (own(files, "GET", "/api/media/files/:bucket/*")) {
    const path = `/api/media/files/${fx.bgBucket}/${fx.bgKey}`;
    plain(files, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path,
      headers: userHeaders(auth),
    }));
    for (const bad of [...badSegments, "PUBLIC%00", "VIDEO", "public"]) {
      plain(files, "path", "path:bucket", `bucket=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/files/${bad}/${fx.bgKey}`,
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(files, "path", "path:key", `key=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/files/${fx.bgBucket}/${bad}`,
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(files, "path", "path:key", `key=…/${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/files/${fx.bgBucket}/${fx.bgKey.split("/").slice(0, -1).join("/")}/${bad}`,
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    rangeCases(files, path);
  }

  // The signed upload PUT: signature first; validly signed odd ids; types and sizes.
  const upload = "PUT /api/media/upload/:id";
  if (own(upload, "PUT", "/api/media/upload/:id")) {
    const url = new URL(fx.uploadPath, "http://x");
    const id = url.pathname.split("/").pop() ?? "";
    const expires = url.searchParams.get("expires") ?? "";
    const signedPut = (idText: string, expiresText: string) => {
      const sig = hmac(
        server.ctx.secrets.signingKey,
        `upload:${String(Number(decodeURIComponent(idText)))}:${String(Number(expiresText))}`,
      );
      return `/api/media/upload/${idText}?expires=${expiresText}&sig=${sig}`;
    };
    const put = (path: string, headers: Record<string, string>, body: Buffer = png, raw = false) => ({
      method: "PUT",
      path,
      headers: { "content-type": "image/png", ...headers },
      body,
      raw,
    });
    plain(upload, "baseline", "baseline", "valid request", both, (auth) =>
      put(fx.uploadPath, userHeaders(auth)),
    );
    for (const bad of badIds) {
      const text = encodeURIComponent(String(bad));
      plain(upload, "badId", "badId:id", `id=${describeValue(bad)} (signed)`, both, (auth) =>
        put(signedPut(text, expires), userHeaders(auth), png, true),
      );
    }
    for (const value of ["", "abc", "1e20", "-1", "1.5", "1e400", "NaN", "99999999999999999999"]) {
      plain(upload, "query", "query:expires", `expires=${value} (signed)`, both, (auth) =>
        put(signedPut(id, value), userHeaders(auth)),
      );
      plain(upload, "query", "query:expires", `expires=${value} (unsigned)`, both, (auth) =>
        put(fx.uploadPath.replace(/expires=\d+/, `expires=${value}`), userHeaders(auth)),
      );
    }
    for (const type of [
      null,
      "image/jpeg",
      "IMAGE/PNG",
      "image/png; charset=x",
      "image/png\u0000",
      "x".repeat(5000),
    ]) {
      plain(upload, "contentType", "contentType", `content-type ${describeValue(type)}`, both, (auth) => {
        const headers: Record<string, string> = { ...userHeaders(auth) };
        const probe = put(fx.uploadPath, headers);
        if (type === null) Reflect.deleteProperty(probe.headers, "content-type");
        else probe.headers["content-type"] = type;
        return probe;
      });
    }
    for (const [detail, body] of [
      ["empty body", Buffer.alloc(0)],
      ["1.1 MB body", Buffer.alloc(1100 * 1024, 1)],
      ["twice the declared size", Buffer.concat([png, png])],
    ] as const) {
      plain(upload, "hugeBody", "hugeBody", detail, both, (auth) =>
        put(fx.uploadPath, userHeaders(auth), body),
      );
    }
  }

  // Plain GETs of the server's own: junk queries and headers.
  for (const [endpoint, path] of [
    ["GET /api/h5/config.js", "/api/h5/config.js"],
    ["GET /api/sandbox/sms/last", "/api/sandbox/sms/last"],
    ["GET /health", "/health"],
  ] as const) {
    if (!own(endpoint, "GET", path)) continue;
    const base = path === "/api/sandbox/sms/last" ? `${path}?mobile=13700009999` : path;
    plain(endpoint, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: base,
      headers: userHeaders(auth),
    }));
    for (const query of badQueries) {
      plain(endpoint, "query", "query", query.slice(0, 60), both, (auth) => ({
        method: "GET",
        path: `${base}${base.includes("?") ? `&${query.slice(1)}` : query}`,
        headers: userHeaders(auth),
      }));
    }
    if (path === "/api/sandbox/sms/last") {
      for (const mobile of [
        "",
        "%00",
        "138%00",
        "%ED%A0%80",
        "x".repeat(8000),
        "1",
        "13700009999&mobile=13800000001",
        "[]",
      ]) {
        plain(endpoint, "query", "query:mobile", `mobile=${mobile.slice(0, 40)}`, both, (auth) => ({
          method: "GET",
          path: `${path}?mobile=${mobile}`,
          headers: userHeaders(auth),
        }));
      }
    }
    for (const [header, value] of headerValues) {
      plain(
        endpoint,
        "headers",
        `headers:${headerClass(header)}`,
        `${header}: ${describeValue(value)}`,
        both,
        (auth) => ({
          method: "GET",
          path: base,
          headers: { ...userHeaders(auth), [header]: value },
        }),
      );
    }
  }

  return cases;
}

interface Plan {
  readonly cases: Case[];
  /** Calls that write the caller's profile (or end the account): sent one at a time, each checked. */
  readonly profileEndpoints: ReadonlySet<string>;
  /** Their valid requests, which put the profile back as it was. */
  readonly restorers: Case[];
  readonly served: string[];
  readonly unserved: string[];
  readonly invalidBaselines: string[];
  readonly skippedValid: { count: number };
}

function plan(platform: TestPlatform, rng: Rng, fx: Fixtures): Plan {
  const server = platform.server;
  const reqKey = server.ctx.secrets.reqKey;
  const clientId = platform.config.clientId;
  const clientSecret = server.ctx.secrets.clientSecret;
  const basic = basicAuthorization(clientId, clientSecret);
  const served: string[] = [];
  const unserved: string[] = [];
  const invalidBaselines: string[] = [];
  const skippedValid = { count: 0 };
  const cases: Case[] = [];
  const profileEndpoints = new Set<string>();
  const restorers: Case[] = [];
  let keys = 0;

  const productHeaders = (def: EndpointDef, auth: "user" | "anon"): Record<string, string> => ({
    platform: "H5",
    "register-platform-id": "11120",
    channelTagId: "0",
    "time-zone": "GMT+08:00",
    language: rng.pick(["zh_CN", "en_US"]),
    ...(def.method === "GET" ? {} : { "content-type": "application/json" }),
    ...(def.money ? { "idempotency-key": `fuzz-${String(fuzzSeed)}-${String(++keys)}` } : {}),
    ...(auth === "user" ? { authorization: `Bearer ${fx.token}` } : {}),
  });

  for (const [name, def] of Object.entries(endpoints) as [EndpointName, EndpointDef][]) {
    const url = `/api${def.path.replace(/\{(\w+)\}/g, ":$1")}`;
    if (!server.app.hasRoute({ method: def.method, url })) {
      unserved.push(name);
      continue;
    }
    served.push(name);
    const schema: z.ZodType = schemas[name].request;
    const zod = schema as unknown as ZodLike;
    const token = def.kind === "token";
    const fields = fieldsOf(zod);
    const baseline = validValue(zod, hintsFor(name, def, fx, clientId)) as Record<string, unknown>;
    if (!schema.safeParse(baseline).success) invalidBaselines.push(name);
    /** Whether a server could read the payload as a valid request (a BOM before JSON is allowed). */
    const accepted = (payload: Payload) => {
      if ("json" in payload) return schema.safeParse(payload.json).success;
      const texts =
        "text" in payload
          ? [payload.text]
          : [payload.bytes.toString("utf8"), payload.bytes.toString("utf16le")];
      return texts.some((text) => {
        try {
          return schema.safeParse(JSON.parse(text.replace(/^\ufeff/, ""))).success;
        } catch {
          return false;
        }
      });
    };
    /** A body the server must refuse, for destructive calls' header mutations. */
    const carrier: Payload = destructive.has(name)
      ? { json: { ...baseline, fuzzInvalid: {}, [fields[0]?.name ?? "x"]: {} } }
      : { json: baseline };

    /** The path (fields named in it filled from the payload) and what is left for the query or body. */
    const located = (payload: Payload): { path: string; rest: Payload } => {
      if (!("json" in payload) || payload.json === null || typeof payload.json !== "object") {
        return { path: `/api${def.path}`, rest: payload };
      }
      let rest = { ...(payload.json as Record<string, unknown>) };
      const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => {
        const value = rest[key];
        rest = without(rest, key);
        return encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));
      });
      return { path: `/api${path}`, rest: { json: rest } };
    };
    const bytesOf = (payload: Payload): Buffer =>
      "bytes" in payload
        ? payload.bytes
        : Buffer.from("text" in payload ? payload.text : JSON.stringify(payload.json), "utf8");

    /** A token endpoint's body: the params sealed with curtime (or, for raw text, sealed as they are). */
    const sealed = async (payload: Payload): Promise<Buffer> => {
      const req =
        "json" in payload &&
        payload.json !== null &&
        typeof payload.json === "object" &&
        !Array.isArray(payload.json)
          ? await encryptReq(payload.json as Record<string, unknown>, reqKey)
          : sealBytes(bytesOf(payload), reqKey, rng.bytes(12));
      return Buffer.from(JSON.stringify({ req }));
    };

    const probeOf = async (
      auth: "user" | "anon",
      kind: MutationKind,
      detail: string,
      payload: Payload,
      change: { headers?: Record<string, string | null>; outer?: Payload; raw?: boolean } = {},
    ): Promise<Probe | null> => {
      if (destructive.has(name) && auth === "user" && change.headers === undefined && accepted(payload)) {
        skippedValid.count++;
        return null;
      }
      const headers: Record<string, string> = token
        ? {
            platform: "H5",
            "register-platform-id": "11120",
            channelTagId: "0",
            "content-type": "application/json",
            authorization: auth === "anon" ? basic : `Bearer ${fx.token}`,
          }
        : productHeaders(def, auth);
      for (const [header, value] of Object.entries(change.headers ?? {})) {
        if (value === null) Reflect.deleteProperty(headers, header);
        else headers[header] = value;
      }
      const { path, rest } = located(payload);
      if (def.method === "GET") {
        return {
          endpoint: name,
          kind,
          detail,
          auth,
          method: "GET",
          path: `${path}${queryOf(rest)}`,
          headers,
          raw: change.raw,
        };
      }
      const body = change.outer ? bytesOf(change.outer) : token ? await sealed(rest) : bytesOf(rest);
      const note =
        token && !change.outer
          ? `sealed params (with curtime): ${bytesOf(rest).toString("utf8")}`
          : undefined;
      return {
        endpoint: name,
        kind,
        detail,
        auth,
        method: def.method,
        path,
        headers,
        body,
        raw: change.raw,
        note,
      };
    };

    const both = ["user", "anon"] as const;
    const add = (
      kind: MutationKind,
      group: string,
      detail: string,
      auths: readonly ("user" | "anon")[],
      build: Case["build"],
    ) => {
      cases.push({ endpoint: name, kind, group, detail, auths, build });
    };

    const mutations = mutationsOf(rng, baseline, fields, { profileFields, multiLine });
    if (destructive.has(name) || fields.some((f) => profileFields.has(f.name))) {
      profileEndpoints.add(name);
      if (!destructive.has(name)) {
        restorers.push({
          endpoint: name,
          kind: "baseline",
          group: "baseline",
          detail: "valid request",
          auths: ["user"],
          build: (auth) => probeOf(auth, "baseline", "valid request", { json: baseline }),
        });
      }
    }
    for (const m of mutations) {
      // Token endpoints: a body that is not JSON or too big is the outer body; the rest are sealed params.
      const outer = token && (m.kind === "notJson" || m.kind === "hugeBody");
      if (def.method === "GET" && (m.kind === "notJson" || m.kind === "hugeBody")) continue;
      add(m.kind, m.group, m.detail, both, (auth) =>
        probeOf(auth, m.kind, m.detail, m.payload, outer ? { outer: m.payload } : {}),
      );
    }
    if (def.method === "GET") {
      for (const query of badQueries) {
        add("query", "query", query.length > 60 ? `${query.slice(0, 60)}…` : query, both, async (auth) => {
          const probe = await probeOf(auth, "query", query, carrier);
          return (
            probe && {
              ...probe,
              path: `${probe.path}${probe.path.includes("?") ? query.replace("?", "&") : query}`,
            }
          );
        });
      }
    } else {
      for (const type of wrongContentTypes) {
        add("contentType", "contentType", `content-type ${describeValue(type)}`, both, (auth) =>
          probeOf(auth, "contentType", `content-type ${describeValue(type)}`, carrier, {
            headers: { "content-type": type },
          }),
        );
      }
    }
    for (const value of bearerValues(fx.token)) {
      const detail = `authorization ${describeValue(value.replace(fx.token, "<token>"))}`;
      add("bearer", "bearer", detail, ["user"], () =>
        probeOf("user", "bearer", detail, carrier, { headers: { authorization: value } }),
      );
    }
    for (const [header, value] of headerValues) {
      const detail = `${header}: ${describeValue(value)}`;
      add("headers", `headers:${headerClass(header)}`, detail, both, (auth) =>
        probeOf(auth, "headers", detail, carrier, { headers: { [header]: value } }),
      );
    }
    // Idempotency keys, Basic headers, `req` and `curtime`: few calls have them and each value is a
    // different mistake, so each is its own group (every run sends all of them).
    if (def.money) {
      for (const value of idempotencyValues) {
        const detail = `idempotency-key ${describeValue(value)}`;
        add("idempotencyKey", `idempotencyKey:${detail}`, detail, both, (auth) =>
          probeOf(auth, "idempotencyKey", detail, carrier, { headers: { "idempotency-key": value } }),
        );
      }
    }
    if (token) {
      for (const value of basicValues(clientId, clientSecret)) {
        const detail = `authorization ${describeValue(value)}`;
        add("basic", `basic:${detail}`, detail, ["anon"], () =>
          probeOf("anon", "basic", detail, carrier, { headers: { authorization: value } }),
        );
      }
      const params = baseline;
      const reqs: readonly [string, () => Promise<unknown>][] = [
        ["req not base64", () => Promise.resolve("!!!***")],
        ["req empty", () => Promise.resolve("")],
        ["req too short", () => Promise.resolve(rng.bytes(20).toString("base64"))],
        ["req random bytes", () => Promise.resolve(rng.bytes(100).toString("base64"))],
        ["req sealed with another key", () => encryptReq(params, rng.bytes(32).toString("base64"))],
        ["req truncated", async () => (await encryptReq(params, reqKey)).slice(0, -8)],
        [
          "req with a flipped byte",
          async () => {
            // Drawn before the await, so the PRNG's sequence does not depend on timing.
            const where = rng.next();
            const bytes = Buffer.from(await encryptReq(params, reqKey), "base64");
            const at = 12 + Math.floor(where * (bytes.length - 12));
            bytes[at] = (bytes[at] ?? 0) ^ 1;
            return bytes.toString("base64");
          },
        ],
        [
          "req base64url",
          async () => (await encryptReq(params, reqKey)).replace(/\+/g, "-").replace(/\//g, "_"),
        ],
        ["req with line breaks", async () => (await encryptReq(params, reqKey)).replace(/(.{20})/g, "$1\n")],
        [
          "req sealing text that is not JSON",
          () => Promise.resolve(sealBytes(Buffer.from("hello"), reqKey, rng.bytes(12))),
        ],
        [
          "req sealing invalid UTF-8",
          () => Promise.resolve(sealBytes(Buffer.from([0xff, 0xfe, 0x7b]), reqKey, rng.bytes(12))),
        ],
        ["req sealing []", () => Promise.resolve(sealBytes(Buffer.from("[]"), reqKey, rng.bytes(12)))],
        ["req sealing null", () => Promise.resolve(sealBytes(Buffer.from("null"), reqKey, rng.bytes(12)))],
        [
          "req sealing a deep array",
          () =>
            Promise.resolve(
              sealBytes(Buffer.from(`${"[".repeat(50_000)}${"]".repeat(50_000)}`), reqKey, rng.bytes(12)),
            ),
        ],
        [
          "req sealing {} (no curtime)",
          () => Promise.resolve(sealBytes(Buffer.from("{}"), reqKey, rng.bytes(12))),
        ],
        ["req sealing 600 KB", () => encryptReq({ ...params, big: "x".repeat(600 * 1024) }, reqKey)],
        ["req a number", () => Promise.resolve(123)],
        ["req null", () => Promise.resolve(null)],
        ["req an object", () => Promise.resolve({ req: "x" })],
        ["req an array", () => Promise.resolve(["x"])],
        ["req missing", () => Promise.resolve(undefined)],
      ];
      add("reqSeal", "reqSeal:extra", "an extra field beside req", ["anon"], async () =>
        probeOf("anon", "reqSeal", "an extra field beside req", carrier, {
          outer: { json: { req: await encryptReq(params, reqKey), extra: { $gt: "" } } },
        }),
      );
      for (const [detail, make] of reqs) {
        add("reqSeal", `reqSeal:${detail}`, detail, ["anon"], async () => {
          const req = await make();
          return probeOf("anon", "reqSeal", detail, carrier, {
            outer: { json: req === undefined ? {} : { req } },
          });
        });
      }
      const now = Date.now();
      const curtimes: readonly [string, unknown][] = [
        ["curtime missing", undefined],
        ["curtime text", String(now)],
        ["curtime 'now'", "now"],
        ["curtime 6 minutes old", now - 6 * 60_000],
        ["curtime 6 minutes ahead", now + 6 * 60_000],
        ["curtime 0", 0],
        ["curtime -1", -1],
        ["curtime 1e20", 1e20],
        ["curtime 1.5", 1.5],
        ["curtime null", null],
        ["curtime true", true],
        ["curtime 8.64e15 + 1", 8.64e15 + 1],
        ["curtime max value", Number.MAX_VALUE],
        ["curtime an object", { $gt: 0 }],
      ];
      for (const [detail, curtime] of curtimes) {
        add("curtime", `curtime:${detail}`, detail, ["anon"], () => {
          const plain = Buffer.from(JSON.stringify(curtime === undefined ? params : { ...params, curtime }));
          return probeOf("anon", "curtime", detail, carrier, {
            outer: { json: { req: sealBytes(plain, reqKey, rng.bytes(12)) } },
          });
        });
      }
    }
  }

  cases.push(...serverRouteCases(platform, fx, served, unserved));

  // Per endpoint, a sample that still tries every group.
  const byEndpoint = new Map<string, Case[]>();
  for (const c of cases) byEndpoint.set(c.endpoint, [...(byEndpoint.get(c.endpoint) ?? []), c]);
  const chosen = [...byEndpoint.values()].flatMap((list) => sample(rng, list, perEndpoint));
  return { cases: chosen, profileEndpoints, restorers, served, unserved, invalidBaselines, skippedValid };
}

function count<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return new Map([...out.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

function table(counts: Map<string, number>): string {
  return [...counts.entries()].map(([key, n]) => `  ${key.padEnd(52)} ${String(n).padStart(6)}`).join("\n");
}

const isFailure = (r: Result) =>
  r.answer.status >= 500 || r.answer.code === 500 || r.answer.error !== undefined;

/** The answer, the request and its mutation on a few lines (tokens hidden). */
function report(r: Result, token: string): string {
  const answer = r.answer.error
    ? `no answer (${r.answer.error})`
    : `${String(r.answer.status)} ${r.answer.text.slice(0, 200)}`;
  const text = `${r.probe.endpoint} | ${r.probe.kind}: ${r.probe.detail} | ${r.probe.auth} → ${answer}\n    ${requestText(r.probe)}`;
  return text.split(token).join("<token>");
}

const answerOf = (r: Result) =>
  r.answer.error ? "no answer" : `HTTP ${String(r.answer.status)} code ${String(r.answer.code)}`;

eachDatabase("fuzzing every served endpoint", (target) => {
  let platform: TestPlatform;
  let fixtures: Fixtures;
  let api: Awaited<ReturnType<typeof signIn>>["api"];
  let before: Snapshot;
  let trackingBefore = 0;
  const results: Result[] = [];
  /** Profile calls after which the account's profile was not what it was. */
  const profileWrites: string[] = [];

  beforeAll(async () => {
    platform = await startPlatform(target, {
      // Thousands of sends from one address and phone: the budgets' own suites test the limits.
      SMS_SENDS_PER_PHONE_PER_DAY: "100000",
      SMS_WRONG_CODES_PER_PHONE_PER_DAY: "100000",
      UPLOAD_MAX_PENDING: "100000",
    });
    await seed(platform.server.ctx);
    ({ fixtures, api } = await prepare(platform));
    before = await snapshot(platform);
    trackingBefore = (await one<{ n: number }>(platform, "select count(*)::int as n from tracking_events")).n;
  });
  afterAll(async () => {
    await platform.close();
  });

  it(`thousands of bad requests: no 5xx, no business 500 (FUZZ_SEED=${String(fuzzSeed)})`, async () => {
    const origin = platform.server.origin;
    const rng = new Rng(fuzzSeed);
    const started = Date.now();
    const planned = plan(platform, rng, fixtures);
    const { cases, profileEndpoints, served, unserved, invalidBaselines, skippedValid } = planned;
    const built = await Promise.all(cases.flatMap((c) => c.auths.map((auth) => c.build(auth))));
    const probes = built.filter((p): p is Probe => p !== null);
    const restorers = (await Promise.all(planned.restorers.map((c) => c.build("user")))).filter(
      (p): p is Probe => p !== null,
    );
    const watched = (p: Probe) => p.auth === "user" && profileEndpoints.has(p.endpoint);
    const together = rng.shuffle(probes.filter((p) => !watched(p)));
    // Logging off last: if a bad request did end the account, the rest still ran signed in.
    const oneByOne = rng.shuffle(probes.filter(watched)).sort((a, b) => {
      const last = (p: Probe) => (destructive.has(p.endpoint) ? 1 : 0);
      return last(a) - last(b);
    });
    const contract = served.filter((s) => !s.includes(" ")).length;
    console.log(
      [
        `[fuzz ${target.name}] FUZZ_SEED=${String(fuzzSeed)} — ${String(probes.length)} requests: ${String(together.length)} ${String(CONCURRENCY)} at a time, then ${String(oneByOne.length)} to the profile calls one at a time`,
        `  served: ${String(contract)} of ${String(Object.keys(endpoints).length)} contract endpoints + ${String(served.length - contract)} of the server's own routes`,
        `  not served, skipped: ${String(unserved.length)}${unserved.length > 0 ? ` (${unserved.join(", ")})` : ""}`,
        invalidBaselines.length > 0
          ? `  baselines the contract refuses (still fuzzed): ${invalidBaselines.join(", ")}`
          : "",
        skippedValid.count > 0
          ? `  valid requests not sent to destructive calls: ${String(skippedValid.count)}`
          : "",
      ]
        .filter((line) => line !== "")
        .join("\n"),
    );

    const answers = await pool(together, CONCURRENCY, (probe) => send(origin, probe));
    results.push(...together.map((probe, i) => ({ probe, answer: answers[i]! })));

    // One at a time, so a profile that changes names the request that changed it; then put it back.
    type Row = Record<string, unknown>;
    const original = before.profiles.find((row) => String((row as Row).id) === fixtures.userId) as Row;
    const changedColumns = async () => {
      const [now = {}] = await rowsOf<Row>(
        platform,
        `select ${profileColumns} from users where id = ${fixtures.userId}`,
      );
      return Object.keys(original)
        .filter((column) => JSON.stringify(original[column]) !== JSON.stringify(now[column]))
        .map((column) => `${column} ${visible(original[column])} → ${visible(now[column])}`);
    };
    for (const probe of oneByOne) {
      const result = { probe, answer: await send(origin, probe) };
      results.push(result);
      const changed = await changedColumns();
      if (changed.length === 0) continue;
      profileWrites.push(`${report(result, fixtures.token)}\n    profile changed: ${changed.join(", ")}`);
      for (const restorer of restorers) await send(origin, restorer);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const failures = results.filter(isFailure);
    const groups = count(failures, (r) => `${r.probe.endpoint} | ${r.probe.kind} | ${answerOf(r)}`);
    console.log(
      [
        `[fuzz ${target.name}] ${String(results.length)} requests in ${seconds} s, ${String(failures.length)} failures`,
        "by endpoint:",
        table(count(results, (r) => r.probe.endpoint)),
        "by mutation kind:",
        table(count(results, (r) => r.probe.kind)),
        "by answer:",
        table(count(results, answerOf)),
        ...(failures.length > 0
          ? [
              "failures:",
              ...failures.map((r) => report(r, fixtures.token)),
              "failures grouped (endpoint | kind | answer):",
              table(groups),
            ]
          : []),
      ].join("\n"),
    );
    expect(
      failures.length,
      `${String(failures.length)} requests failed (FUZZ_SEED=${String(fuzzSeed)}):\n${table(groups)}`,
    ).toBe(0);
  }, 300_000);

  it("the server is healthy afterwards", async () => {
    const health = await fetch(`${platform.server.origin}/health`);
    expect(health.status).toBe(200);
    const me = await api.user.queryInfo();
    expect(me.userId).toBe(fixtures.userId);
    await expect(api.trade.accountDetail()).resolves.toBeInstanceOf(Array);
  });

  it("balances, purchases and profiles are unchanged", async () => {
    const changed = differences(before, await snapshot(platform));
    if (profileWrites.length > 0 || changed.length > 0) {
      console.log(
        [
          `[fuzz ${target.name}] requests after which the profile had changed (then put back):`,
          ...profileWrites,
          "rows that differ from before the fuzzing:",
          ...changed,
        ].join("\n"),
      );
    }
    expect([...profileWrites, ...changed]).toEqual([]);
  });

  it("every tracking event that was accepted was stored", async () => {
    const accepted = results.filter(
      (r) => r.probe.endpoint === "tracking.reportNew" && r.answer.code === 200,
    );
    // Events are written in batches every second: wait for the last one.
    let stored = 0;
    for (let i = 0; i < 30; i++) {
      stored =
        (await one<{ n: number }>(platform, "select count(*)::int as n from tracking_events")).n -
        trackingBefore;
      if (stored >= accepted.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (stored !== accepted.length) {
      // The suspects: accepted events whose fields were mutated (one of them can sink a batch).
      const plainKinds = ["baseline", "headers", "bearer", "contentType", "extra", "missing", "protoKeys"];
      console.log(
        [
          `[fuzz ${target.name}] ${String(accepted.length)} tracking events accepted, ${String(stored)} stored; accepted with mutated fields:`,
          ...accepted
            .filter((r) => !plainKinds.includes(r.probe.kind))
            .map((r) => `  ${r.probe.kind}: ${r.probe.detail} (${r.probe.auth})`),
        ].join("\n"),
      );
    }
    expect(stored, `${String(accepted.length)} events accepted, ${String(stored)} stored`).toBe(
      accepted.length,
    );
  });
});
