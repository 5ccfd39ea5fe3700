import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * The Content-Security-Policy of every response, as strict as the built H5 app allows (the e2e
 * journey `apps/h5/e2e/csp.e2e.ts` visits every route under it and expects no violation). Why each
 * source is there:
 *
 * - `default-src 'self'`: anything not named below (fonts, the web manifest, prefetches) comes from
 *   this server only.
 * - `script-src 'self'` and the hashes of the page's two inline scripts (the boot script the build
 *   writes into index.html, and the config this server writes in: `app-page.ts`); the chunks load
 *   by URL; nothing evaluates strings, so neither 'unsafe-inline' nor 'unsafe-eval'.
 * - `style-src 'self'` and the hashes of the first page's styles written into the page: the built
 *   CSS files (and the `<link>` tags Vite's loader adds for a lazy chunk's CSS). React sets
 *   `style` props through the CSSOM, which CSP does not govern; no other `<style>` element or
 *   `style=""` markup is made, so no 'unsafe-inline'.
 * - `img-src 'self' blob:`: covers, avatars, backgrounds and the logo are this server's; `blob:` is
 *   the album QR decoder's fallback (`qrDecode.ts`: an object URL in an `<img>` where
 *   `createImageBitmap` is missing). No `data:`: the build inlines no image (add it when a
 *   generated QR picture is shown as a data URL).
 * - `media-src 'self' blob:`: shaka plays HLS through Media Source Extensions, i.e. a `blob:` URL
 *   of a MediaSource on the `<video>`; a camera stream (`srcObject`) needs no source.
 * - `connect-src 'self'`: the API, playlists and segments (shaka fetches them), tracking beacons.
 * - `frame-src 'none'`: the app frames nothing (until a payment page is configured, below).
 * - `worker-src 'self'`: the app's service worker (`/sw.js`, Step 13); no other worker (shaka
 *   transmuxes in the page unless given a worker URL).
 * - `object-src 'none'`, `base-uri 'none'`: no plugins; no `<base>` re-pointing relative URLs.
 * - `form-action 'self'`: forms are handled in script; none posts elsewhere.
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY` for old browsers): nobody may frame the
 *   app (clickjacking the buy popup).
 *
 * Extra origins come from the settings (`CSP_CONNECT_SRC`, `CSP_IMG_SRC`, `CSP_MEDIA_SRC`,
 * `CSP_FRAME_SRC`, validated in `env/csp.ts`), and `CSP_REPORT_URI` adds `report-uri`.
 */
/**
 * Origins the Content-Security-Policy allows beyond this server, by directive (none by default):
 * payment pages, object storage and sockets. Each is a bare origin.
 */
export interface CspSettings {
  readonly connectSrc: readonly string[];
  readonly imgSrc: readonly string[];
  readonly mediaSrc: readonly string[];
  readonly frameSrc: readonly string[];
  /** Where browsers report violations (`report-uri`): an http(s) URL or a path of this server. */
  readonly reportUri: string | null;
}

/** The hashes of the app page's inline scripts and styles (`app-page.ts`). */
export interface InlineHashes {
  readonly scriptHashes: readonly string[];
  readonly styleHashes: readonly string[];
}
const noHashes: InlineHashes = { scriptHashes: [], styleHashes: [] };

export function contentSecurityPolicy(settings: CspSettings, hashes: InlineHashes = noHashes): string {
  const directives: (readonly [string, ...string[]])[] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...hashes.scriptHashes],
    ["style-src", "'self'", ...hashes.styleHashes],
    ["img-src", "'self'", "blob:", ...settings.imgSrc],
    ["media-src", "'self'", "blob:", ...settings.mediaSrc],
    ["connect-src", "'self'", ...settings.connectSrc],
    ["frame-src", ...(settings.frameSrc.length > 0 ? settings.frameSrc : ["'none'"])],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (settings.reportUri !== null) directives.push(["report-uri", settings.reportUri]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/**
 * The headers every response carries: the policy; `nosniff`, so a JSON answer, an upload or a
 * segment is never run as a script or a page; no referrer, because HLS URLs carry a token in their
 * query; and `X-Frame-Options` for browsers older than `frame-ancestors`. HSTS is the TLS proxy's
 * (README: Security headers): this server speaks plain HTTP on 127.0.0.1.
 */
export function securityHeaders(
  settings: CspSettings,
  hashes: InlineHashes = noHashes,
): Readonly<Record<string, string>> {
  return {
    "content-security-policy": contentSecurityPolicy(settings, hashes),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}

/**
 * The policy of what is never a page or a worker — the API's answers, media, the app's hashed
 * scripts and styles (decision 0039): nothing may load from it, nothing may frame it. A browser
 * applies a policy only to a document or a worker, so the page's long policy (≈ 500 bytes) on
 * each of a page's forty scripts and styles was ≈ 20 KB of headers on a slow link, read by nobody.
 * The page, the service worker (`/sw.js`, whose fetches its policy governs), the sandbox parties'
 * pages and a URL that is not the API's or a file's keep the page's.
 */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Whether a request's URL names a resource (above), never a page or a worker. */
export function isResourceUrl(url: string): boolean {
  return url.startsWith("/api/") || url.startsWith("/assets/");
}

/**
 * Sets them on every reply before any handler runs: API answers, refusals, errors, 404s, the app's
 * files (@fastify/static) and media (`sendFile`) alike — the page's policy, or a resource's.
 * Added first, on the root instance, so every plugin registered after it inherits the hook.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  settings: CspSettings,
  hashes: InlineHashes = noHashes,
): void {
  // Each set as an object (Fastify's reply) and as entries (the raw response), made once.
  const bothForms = (headers: Readonly<Record<string, string>>) => ({
    headers,
    entries: Object.entries(headers),
  });
  const page = bothForms(securityHeaders(settings, hashes));
  const resource = bothForms({ ...page.headers, "content-security-policy": RESOURCE_POLICY });
  const headersFor = (url: string | undefined) => (url !== undefined && isResourceUrl(url) ? resource : page);
  const [probe = "x-frame-options"] = page.entries[page.entries.length - 1] ?? [];
  app.addHook("onRequest", (request, reply, done) => {
    // Already on the raw response when it came through the server (below), where Fastify's reply
    // reads, replaces and removes them too; set here for the rest (`inject`). Setting them twice
    // checked the long policy twice a request (≈ 1.5 % of a small call's time, issue 41).
    if (!reply.raw.hasHeader(probe)) reply.headers(headersFor(request.url).headers);
    // And the request's id (decision 0023): what the ledger records, for a complaint to name.
    void reply.header("x-request-id", request.id);
    done();
  });
  // Fastify answers a URL that does not decode (or an over-long parameter) straight on the raw
  // response, before any hook: so the headers go on every raw response as it starts (what a reply
  // sets later takes precedence in writeHead).
  app.server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of headersFor(request.url).entries) response.setHeader(name, value);
  });
}
