import { endpoints, pageDataBlock, pageSessionOf } from "@platform/api-client/contract";
import type { PageAnswer, PageSession } from "@platform/api-client/contract";
import { coverOf, coverSrcSet, isOk, posterOf, videoStartSeconds, withMediaParams } from "@platform/domain";
import type { CoverFields, VideoStart } from "@platform/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { plannedCalls } from "./page-calls";
import type { PlannedCall } from "./page-calls";

/**
 * The first screen's data and bytes in the app's page (Step 23, decision 0035). For a signed-in
 * navigation to /videoview?id= or /home (the page-session cookie, `@platform/api-client`'s
 * `page-data.ts`), this server makes the calls the app's first render would make — through its own
 * routes (`inject`: the same validation, authorization and answers as over the network) — and
 * writes their answers into the page; on /videoview it also links preloads for the poster, the
 * playlist the player opens first, its init segment and its first segment, signed for this viewer,
 * so they download beside the app's scripts instead of after them.
 */

export { plannedCalls } from "./page-calls";
export type { PlannedCall } from "./page-calls";

/** What the page gets: the answers' data block and the preload links, as markup for its head. */
export interface PageData {
  readonly answers: readonly PageAnswer[];
  /** The `language` header the answers were made in (the client uses them only in it). */
  readonly language?: string;
  readonly preloads: readonly string[];
  /** The video's poster, painted in the page's skeleton of the player (the LCP before any script). */
  readonly poster?: string | null;
  /** /home: the first cards' covers, drawn in the page's skeleton of the grid (the LCP before any script). */
  readonly covers?: readonly string[];
  /**
   * The playlist the page's own video starts (decision 0036; signed for this viewer, with the
   * position as a media fragment), where the browser plays HLS itself; the app's player adopts it.
   */
  readonly playlist?: string | null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `<link rel=preload>` of an image (the LCP poster) or of a fetch the player makes (CORS mode). */
export function preloadLink(kind: "image" | "fetch", href: string): string {
  return kind === "image"
    ? `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`
    : `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin="anonymous" fetchpriority="high">`;
}

/**
 * The init segment and the first media segment a playlist names, resolved against its URL (of a
 * master playlist: its first rendition's playlist).
 */
export function firstSegments(playlist: string, playlistUrl: string): string[] {
  const base = new URL(playlistUrl, "http://page.invalid");
  const resolve = (uri: string) => {
    const url = new URL(uri, base);
    return url.origin === base.origin ? `${url.pathname}${url.search}` : null;
  };
  const init = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(playlist)?.[1];
  const first = playlist.split("\n").find((line) => line.trim() !== "" && !line.startsWith("#"));
  return [init, first?.trim()].flatMap((uri) => {
    const url = uri === undefined ? null : resolve(uri);
    return url === null ? [] : [url];
  });
}

interface VideoInfo extends Partial<VideoStart> {
  readonly videoWidth?: number | null;
  readonly videoHeight?: number | null;
  readonly coverFileUrl?: string | null;
  readonly coverImage?: string | null;
  readonly verticalCoverUrl?: string | null;
  readonly adaptivePlayUrl?: string | null;
  readonly multiResolutionList?: readonly {
    readonly videoPlayUrl: string;
    readonly defaultResolution?: unknown;
  }[];
}

const isDefault = (flag: unknown) => flag === true || flag === 1 || flag === "1" || flag === "true";

/**
 * Reads the page's data for one navigation: null when the page has none (not one of its pages, no or a malformed cookie, a session that does not authenticate), else the answers that
 * succeeded and the preloads. Never throws for the caller's input: a page is always sent.
 */
export async function readPageData(
  app: FastifyInstance,
  request: FastifyRequest,
  authenticate: (header: string) => Promise<{ readonly userId: number | null } | null>,
): Promise<PageData | null> {
  const session = pageSessionOf(request.headers.cookie);
  if (session === null) return null;
  const url = new URL(request.url, "http://page.invalid");
  const caller = await authenticate(`Bearer ${session.accessToken}`);
  if (caller?.userId == null) return null;
  const calls = plannedCalls(url.pathname, url.searchParams, caller.userId);
  if (calls.length === 0) return null;
  const answers = (await Promise.all(calls.map((call) => answerOf(app, request, session, call)))).flatMap(
    (answer) => (answer === null ? [] : [answer]),
  );
  const info = answers.find((answer) => answer.call === "substance.getInfoById")?.data as
    VideoInfo | undefined;
  const media =
    info === undefined ? { links: [], playlist: null } : await videoPreloads(app, request, session, info);
  const list = answers.find((answer) => answer.call === "substance.getVideoList")?.data as
    { readonly records?: readonly CoverFields[] } | undefined;
  const covers = (list?.records ?? []).slice(0, SKELETON_COVERS).flatMap((record) => {
    const cover = coverOf(record);
    return cover === null ? [] : [cover];
  });
  const cover = info === undefined ? null : coverOf(info);
  return {
    answers,
    language: session.language,
    preloads: media.links,
    poster: cover === null ? null : posterOf(cover),
    covers,
    playlist: media.playlist === null || info === undefined ? null : withStart(media.playlist, info),
  };
}

/** The playlist's URL with where this viewer's playback starts (a media fragment, `#t=`). */
function withStart(playlist: string, info: VideoInfo): string {
  const { privileges, videoLength } = info;
  if (privileges === undefined || typeof videoLength !== "number") return playlist;
  const start = videoStartSeconds({ ...info, privileges, videoLength });
  return start > 0 ? `${playlist}#t=${String(Math.round(start * 1000) / 1000)}` : playlist;
}

function headersOf(request: FastifyRequest, session: PageSession): Record<string, string> {
  return {
    authorization: `Bearer ${session.accessToken}`,
    "time-zone": session.timeZone,
    language: session.language,
    ...(typeof request.headers["user-agent"] === "string"
      ? { "user-agent": request.headers["user-agent"] }
      : {}),
  };
}

/** One call through this server's own route, as the person's browser would make it. */
async function answerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  session: PageSession,
  { call, request: body }: PlannedCall,
): Promise<PageAnswer | null> {
  const endpoint = endpoints[call];
  // As the api-client sends it: a GET's fields in the query (none null), else a JSON body.
  const get = endpoint.method === "GET";
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    if (value !== null && value !== undefined)
      query.set(key, typeof value === "string" ? value : JSON.stringify(value));
  const response = await app.inject({
    method: endpoint.method,
    url: `/api${endpoint.path}${get && query.size > 0 ? `?${query.toString()}` : ""}`,
    headers: { ...headersOf(request, session), ...(get ? {} : { "content-type": "application/json" }) },
    ...(get ? {} : { payload: JSON.stringify(body) }),
    remoteAddress: request.ip,
  });
  if (response.statusCode !== 200) return null;
  const envelope = response.json<{ code?: unknown; data?: unknown }>();
  return isOk(envelope.code) ? { call, request: body, data: envelope.data ?? null } : null;
}

/**
 * The poster, and the playlist the player opens first with its first two segments: the preload
 * links, and the playlist's URL when it answered (for the page's own video). With a master playlist
 * (getInfoById's `adaptivePlayUrl`) that is the master, and the segments are its first rendition's,
 * the lightest: a player starts there (then adapts up), so the first frame waits for the least.
 */
async function videoPreloads(
  app: FastifyInstance,
  request: FastifyRequest,
  session: PageSession,
  info: VideoInfo,
): Promise<{ links: string[]; playlist: string | null }> {
  const links: string[] = [];
  const cover = coverOf(info);
  if (cover !== null) links.push(preloadLink("image", posterOf(cover)));
  const sources = info.multiResolutionList ?? [];
  const source = sources.find((item) => isDefault(item.defaultResolution)) ?? sources[0];
  const first = info.adaptivePlayUrl ?? source?.videoPlayUrl;
  if (first?.startsWith("/api/") !== true) return { links, playlist: null };
  const params = { token: session.accessToken, busPlatformId: session.busPlatformId || null };
  const read = async (url: string) => {
    const response = await app.inject({
      method: "GET",
      url,
      headers: headersOf(request, session),
      remoteAddress: request.ip,
    });
    return response.statusCode === 200 ? response.body : null;
  };
  const playlistUrl = withMediaParams(first, params);
  const playlist = await read(playlistUrl);
  if (playlist === null) return { links, playlist: null };
  links.push(preloadLink("fetch", playlistUrl));
  let media = { url: playlistUrl, text: playlist };
  if (playlist.includes("#EXT-X-STREAM-INF")) {
    // A master: the rendition it names first is the one a player opens.
    const [variant] = firstSegments(playlist, playlistUrl);
    const text = variant === undefined ? null : await read(variant);
    if (variant === undefined || text === null) return { links, playlist: playlistUrl };
    links.push(preloadLink("fetch", variant));
    media = { url: variant, text };
  }
  for (const segment of firstSegments(media.text, media.url)) {
    links.push(preloadLink("fetch", withMediaParams(segment, params)));
  }
  return { links, playlist: playlistUrl };
}

/**
 * How many of /home's first covers the page draws: the grid's first row, which the app loads at once
 * too (`@platform/ui` VideoLists' PRIORITY_COVERS), at the grid card's widths.
 */
const SKELETON_COVERS = 2;
const GRID_COVER_SIZES = "(max-width: 480px) 50vw, 240px";
const SKELETON_COVER = '<div class="h5-boot__cover">';

/** A cover as the grid card draws it (the same `srcset` and `sizes`: one download for both). */
function coverPicture(cover: string): string {
  const image = `<img src="${escapeAttribute(cover)}" alt="" fetchpriority="high">`;
  const srcSet = coverSrcSet(cover);
  return srcSet === null
    ? image
    : `<picture><source type="image/webp" srcset="${escapeAttribute(srcSet)}" sizes="${GRID_COVER_SIZES}">${image}</picture>`;
}

/** Says to the page's boot script that the page carries its own video (decision 0036). */
const PAGE_VIDEO_MARK = '<meta name="pf-page-video" content="1">';

/** Where the built page's skeleton of the player is (apps/h5 `boot/page.ts`). */
const PLAYER_SKELETON = '<div class="h5-boot__player">';

/**
 * The page with its data written in: the preloads and the answers at the end of the head, and the
 * poster in the skeleton of the player, so the largest paint of /videoview needs no script.
 */
export function withPageData(html: string, data: PageData): string {
  // The preloads open the head (after its charset): the browser asks for the video's bytes before
  // the app's scripts, which the first frame no longer waits for; with them the page video's mark,
  // which the boot script reads before the video itself is parsed (decision 0036).
  const early = `${data.preloads.join("")}${data.playlist == null ? "" : PAGE_VIDEO_MARK}`;
  let page = insertAt(html, headStart(html), early);
  page = insertAt(page, page.indexOf("</head>"), pageDataBlock(data.answers, data.language));
  for (const cover of data.covers ?? []) {
    const at = page.indexOf(`${SKELETON_COVER}</div>`);
    if (at < 0) break;
    page = insertAt(page, at + SKELETON_COVER.length, coverPicture(cover));
  }
  const poster =
    data.poster == null
      ? ""
      : `<img class="h5-boot__poster" src="${escapeAttribute(data.poster)}" alt="" fetchpriority="high">`;
  const video = data.playlist == null ? "" : pageVideo(data.playlist);
  const player = page.indexOf(PLAYER_SKELETON);
  return player < 0 ? page : insertAt(page, player + PLAYER_SKELETON.length, `${poster}${video}`);
}

/** `markup` written into `html` at `at` (nothing written when `at` is negative: no such place). */
function insertAt(html: string, at: number, markup: string): string {
  return at < 0 || markup === "" ? html : `${html.slice(0, at)}${markup}${html.slice(at)}`;
}

/** Where the head's own content starts: after its charset, else after `<head>`, else at `</head>`. */
function headStart(html: string): number {
  const charset = /<meta charset=[^>]*>/i.exec(html);
  if (charset !== null) return charset.index + charset[0].length;
  const head = html.indexOf("<head>");
  return head < 0 ? html.indexOf("</head>") : head + "<head>".length;
}

/**
 * The page's own video (decision 0036): it plays as soon as the page is parsed where the browser
 * plays HLS itself (its source's type); anywhere else the source is skipped and nothing fetched.
 * It starts as the app's player would (autoplay: played when the browser allows it, as the app's
 * play() is), and the player adopts it (`@platform/ui` pageVideo.ts). No poster of its own: the
 * skeleton's poster shows through it until its first frame, which it shows at once, played or not.
 */
export function pageVideo(playlist: string): string {
  return (
    `<video data-pf-page-video autoplay playsinline preload="auto">` +
    `<source src="${escapeAttribute(playlist)}" type="application/vnd.apple.mpegurl"></video>`
  );
}
