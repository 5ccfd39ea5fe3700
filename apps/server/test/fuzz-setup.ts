import { withMediaParams } from "@platform/domain";
import { randomBytes } from "node:crypto";
import { demoAccounts } from "../src/seed";
import { randomToken, sha256 } from "../src/security/hashing";
import { fuzzSettings } from "./env";
import { rowsOf, signIn } from "./harness";
import type { TestPlatform } from "./harness";
import type { MutationKind, Probe } from "./fuzz";

/**
 * The fuzz suite's (src/fuzz.test.ts) settings, the account it fuzzes as and the rows that account
 * points at, and the snapshot of what no request may change.
 */

/** FUZZ_SEED replays a run (random otherwise). */
export const fuzzSeed = fuzzSettings.seed ? Number(fuzzSettings.seed) >>> 0 : randomBytes(4).readUInt32BE(0);
/**
 * Mutation cases tried per endpoint (each sent signed in and anonymous). 60 sent 17 850 requests a
 * database once the console's calls came (Step 22) and the suite outgrew its 300 s under a full
 * run on 2 cores; 30 is every mutation group of every call still, fewer repeats of each
 * (FUZZ_PER_ENDPOINT=60 or more for a deeper run).
 */
export const perEndpoint = Number(fuzzSettings.perEndpoint) || 30;

/** Calls whose valid request would undo the fuzzing account itself: only invalid ones are sent. */
export const destructive: ReadonlySet<string> = new Set([
  "user.logoff",
  "user.changePassword",
  "user.verifyPhone",
  "user.changePhone",
  // Would end the fuzzing account's other sessions and its identity card (a fixture).
  "user.signOutOthers",
]);
/** Columns the profile calls write: a valid request there repeats today's value (see `profile`). */
export const profileFields: ReadonlySet<string> = new Set([
  "nickName",
  "gender",
  "area",
  "introduction",
  "birthday",
  "bgImgFilename",
  "bgImgBucket",
  "avatarFilename",
  "avatarBucket",
]);
export const multiLine: ReadonlySet<string> = new Set(["introduction", "commentContent"]);

/** An id no row has: money calls point at it, so a request that slips through still moves nothing. */
export const NO_ROW = "987654321";
/** An upload key nobody has. */
export const NO_UPLOAD = "video/987654321/00000000-0000-0000-0000-000000000000.mp4";
/** More than any seeded balance, within 2^53: a money call that slips through is refused for funds. */
export const TOO_MUCH = 1_000_000_000_000;

export const profile = {
  nickName: "Fuzz Ying",
  gender: "FEMALE",
  area: "Fuzz City",
  introduction: "fuzzing\nsecond line",
  birthday: "1990-02-03",
} as const;

/** A tiny real PNG (1×1), for the background picture and the upload PUT. */
export const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export interface Fixtures {
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
  /** A video upload in parts (3 parts of 1 MiB, the last small), and the signed URL of its part 1. */
  readonly videoUploadKey: string;
  readonly partPath: string;
  /** An administrator's console session (Step 22): the console's calls are fuzzed with it. */
  readonly adminToken: string;
}

/** One mutation of one endpoint, sent as each of `auths`. */
export interface Case {
  readonly endpoint: string;
  readonly kind: MutationKind;
  readonly group: string;
  readonly detail: string;
  readonly auths: readonly ("user" | "anon")[];
  build(auth: "user" | "anon"): Promise<Probe | null>;
}

export interface Snapshot {
  readonly wallets: unknown[];
  readonly ledger: unknown[];
  readonly purchases: unknown[];
  readonly profiles: unknown[];
}

export const profileColumns = [
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

export async function snapshot(platform: TestPlatform): Promise<Snapshot> {
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
export function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const table of ["wallets", "ledger", "purchases", "profiles"] as const) {
    const was = before[table].map((row) => JSON.stringify(row));
    const is = after[table].map((row) => JSON.stringify(row));
    for (const row of was) if (!is.includes(row)) out.push(`${table}: was ${row}`);
    for (const row of is) if (!was.includes(row)) out.push(`${table}: now ${row}`);
  }
  return out;
}

export async function one<T>(platform: TestPlatform, query: string): Promise<T> {
  const [row] = await rowsOf<T>(platform, query);
  if (row === undefined) throw new Error(`no row: ${query}`);
  return row;
}

/** The seeded rows and uploads the baselines point at, made before the snapshot. */
export async function prepare(
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
  await api.user.modifyAvatar({ avatarFilename: uploaded.key, avatarBucket: uploaded.bucketEnum });
  const keep = await api.substance.createFavorite({ name: "Fuzzkeep" });
  const drop = await api.substance.createFavorite({ name: "Fuzzdrop" });

  const detail = await api.substance.getInfoById({ id: video });
  const playUrl = detail.multiResolutionList[0]?.videoPlayUrl;
  if (!playUrl || !detail.coverFileUrl) throw new Error("the fuzzing video has no playlist or cover");
  // The URL carries its own query (`access`, decision 0036): the token joins it.
  const playlist = await fetch(`${platform.server.origin}${withMediaParams(playUrl, { token })}`);
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
  const video3 = await api.upload.signUrl({
    busType: "FILE",
    channelEnum: "APP",
    fileName: "fuzz.mp4",
    filePath: "",
    uploadFileType: "VIDEO",
    contentType: "video/mp4",
    fileSize: 2 * 1024 * 1024 + 5,
  });
  const partUrl = (await api.upload.resume({ key: video3.key, partNumbers: [3] })).urls[0]?.url;
  // The demo administrator's session, made directly (no one-time code to wait for).
  const adminToken = randomToken();
  await rowsOf(
    platform,
    `insert into operator_sessions (operator_id, token_hash, last_seen_at, expires_at)
     select id, '${sha256(adminToken)}', now(), now() + interval '12 hours' from operators where login = 'admin'`,
  );
  if (!partUrl) throw new Error("no part URL for the fuzzing upload");
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
      playlistPath: playUrl.split("?", 1)[0] ?? playUrl,
      segmentPath: segment,
      coverPath: detail.coverFileUrl,
      uploadPath: put.uploadUrl,
      videoUploadKey: video3.key,
      partPath: partUrl,
      adminToken,
    },
  };
}
