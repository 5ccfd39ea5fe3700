import type { EndpointDef, EndpointName } from "@platform/api-client/contract";
import { sign } from "../src/providers/payments/signature";
import { NO_ROW, NO_UPLOAD, TOO_MUCH, profile } from "./fuzz-setup";
import type { Fixtures } from "./fuzz-setup";

/**
 * The values the fuzz suite (src/fuzz.test.ts) sends: valid ones by field name (the baselines'
 * hints), and bad ones for the headers, paths and ranges every endpoint is tried with.
 */

/** Values by field name: what `validValue` cannot derive (patterns, real rows), per endpoint. */
export function hintsFor(
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
    avatarFilename: fx.bgKey,
    avatarBucket: fx.bgBucket,
    ticket: "1700000000000.fuzz",
    ids: [NO_ROW],
    all: true,
    enabled: true,
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
    // A cursor of two keys (id-ordered lists take one, the catalogue three: those answer 400),
    // so mutations start from a real one (decision 0016).
    cursor: "MTcwMDAwMDAwMDAwMDAwMC4xMg",
    // Uploads in parts: a key nobody has (a valid request is a 404), except where it is only read.
    key: NO_UPLOAD,
    partNumber: 1,
    partNumbers: [1],
    etag: '"00000000000000000000000000000000"',
  };
  const own: Partial<Record<EndpointName, Record<string, unknown>>> = {
    "substance.browseMyVideo": { userId: fx.authorId },
    "substance.authorInfo": { userId: fx.authorId },
    "substance.updateFavorite": { id: fx.keepFolder, name: "Fuzzkeep" },
    "substance.deleteFavorite": { id: fx.dropFolder },
    "substance.saveMyVideo": { id: undefined },
    // Deleting is real (and refunds buyers): a valid request names no video.
    "substance.deleteMyVideo": { id: NO_ROW },
    // Asks what arrived and signs part URLs: changes nothing.
    "upload.resume": { key: fx.videoUploadKey },
    "system.report": { targetType: "VIDEO" },
    // Already bought: a valid request is a 409, never a second charge.
    "substance.buyVideo": { substanceId: fx.boughtVideo },
  };
  // Money calls name nothing real and more than anyone has, whatever the endpoint (a later one too).
  const money = def.money ? { substanceId: NO_ROW, id: NO_ROW, amount: TOO_MUCH } : {};
  return { ...common, ...money, ...own[name] };
}

export const bearerValues = (token: string): readonly string[] => [
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

export const headerValues: readonly (readonly [string, string])[] = [
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

export const idempotencyValues: readonly (string | null)[] = [
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

export const basicValues = (clientId: string, secret: string): readonly (string | null)[] => [
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
export const badSegments: readonly string[] = [
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

export const rangeValues: readonly (readonly [string, string])[] = [
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
export function headerClass(header: string): string {
  if (header === "time-zone" || header === "range") return header;
  if (header.includes("language")) return "language";
  if (header.includes("forwarded")) return "forwarded";
  if (header.startsWith("if-")) return "conditional";
  return "other";
}

/**
 * A provider's signature header, spoiled every way (none, garbage, empty parts, another secret's,
 * stale, of another body, huge), for a body `raw` signed with `secret` in the `t=…,v1=…` scheme.
 */
export const signatureValues = (
  secret: string,
  raw: string,
): readonly (readonly [string, string | undefined])[] => [
  ["no signature", undefined],
  ["garbage", "x"],
  ["empty parts", "t=,v1="],
  ["another secret", sign("not-the-secret", raw, new Date())],
  ["stale", sign(secret, raw, new Date(Date.now() - 3_600_000))],
  ["another body", sign(secret, "{}", new Date())],
  ["huge", "t=1,v1=" + "a".repeat(8000)],
];
