import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded, signIn, startPlatform, startSeeded } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { demoAccounts } from "./seed";
import { loadConfig } from "./env";

/**
 * What a response must carry, whatever it is; a page (or a worker) the page's policy, anything
 * else — the API's answers, media, the app's scripts — the resource's (decision 0039).
 */
function expectSecurityHeaders(headers: Headers, what: string, kind: "page" | "resource"): string {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toBe("no-referrer");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  const csp = headers.get("content-security-policy") ?? "";
  if (kind === "resource") expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
  else {
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("default-src 'self'");
  }
  return csp;
}

/** The policy's directives by name. */
function directivesOf(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== "")
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

async function get(platform: TestPlatform, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${platform.server.origin}${path}`, init);
  await response.arrayBuffer();
  return response;
}

function post(platform: TestPlatform, path: string, body: string, headers: Record<string, string> = {}) {
  return get(platform, `/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

describe("security headers on every response", () => {
  let platform: TestPlatform;
  let h5Dist: string;
  let token: string;
  let cover: string;
  let playlist: string;

  beforeAll(async () => {
    // A stand-in for the built app: an index.html and one hashed asset.
    h5Dist = mkdtempSync(join(tmpdir(), "h5-dist-"));
    mkdirSync(join(h5Dist, "assets"));
    writeFileSync(
      join(h5Dist, "index.html"),
      '<!doctype html><title>app</title><script>document.documentElement.dataset.boot="x"</script>' +
        "<style>body{color:#fff}</style>" +
        '<script src="/api/h5/config.js"></script><div id=app></div>',
    );
    writeFileSync(join(h5Dist, "assets", "index-abc123.js"), "console.log('app');\n");
    platform = await startSeeded(embedded, { H5_DIST: h5Dist });
    const { api } = await signIn(platform, demoAccounts[0]);
    token = api.client.storage.get("accessToken") ?? "";
    const [video] = (await api.substance.getVideoList({ size: 1 })).records;
    if (video === undefined) throw new Error("the seed has no video");
    if (video.coverFileUrl === null) throw new Error("the seeded video has no cover");
    cover = new URL(video.coverFileUrl, platform.server.origin).pathname;
    const info = await api.substance.getInfoById({ id: video.id });
    playlist = info.multiResolutionList[0]?.videoPlayUrl ?? "";
  });
  afterAll(async () => {
    await platform.close();
    rmSync(h5Dist, { recursive: true, force: true });
  });

  it("on a JSON API answer, a business refusal, an HTTP 401 and a malformed body", async () => {
    const list = await post(platform, "/substance/app/substance-online/getVideoList", '{"size":1}');
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    expectSecurityHeaders(list.headers, "a JSON answer", "resource");
    expectSecurityHeaders(
      (await post(platform, "/substance/app/substance-online/getVideoList", '{"size":"many"}')).headers,
      "a business refusal",
      "resource",
    );
    const unauthenticated = await post(platform, "/user/app/user/information/queryInfo", "{}");
    expect(unauthenticated.status).toBe(401);
    expectSecurityHeaders(unauthenticated.headers, "HTTP 401", "resource");
    expectSecurityHeaders(
      (await post(platform, "/substance/app/substance-online/getVideoList", "{not json")).headers,
      "a body that does not parse",
      "resource",
    );
  });

  it("on /api/h5/config.js and /health", async () => {
    const config = await get(platform, "/api/h5/config.js");
    expect(config.headers.get("content-type")).toMatch(/^text\/javascript/);
    expectSecurityHeaders(config.headers, "config.js", "resource");
    expectSecurityHeaders((await get(platform, "/health")).headers, "/health", "page");
  });

  it("on media: a cover, a playlist, a segment, a refused segment, a 304", async () => {
    const picture = await get(platform, cover);
    expect(picture.status).toBe(200);
    expectSecurityHeaders(picture.headers, "a cover", "resource");
    const revalidated = await get(platform, cover, {
      headers: { "if-none-match": picture.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
    expectSecurityHeaders(revalidated.headers, "a 304", "resource");

    const url = new URL(playlist, platform.server.origin);
    url.searchParams.set("token", token);
    const rendition = await fetch(url);
    const text = await rendition.text();
    expectSecurityHeaders(rendition.headers, "a playlist", "resource");
    const segment = text.split("\n").find((line) => line !== "" && !line.startsWith("#")) ?? "";
    const bytes = await get(platform, new URL(segment, url).pathname + new URL(segment, url).search);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toBe("video/mp4");
    expectSecurityHeaders(bytes.headers, "a segment", "resource");
    const unsigned = await get(platform, new URL(segment, url).pathname);
    expect(unsigned.status).toBe(403);
    expectSecurityHeaders(unsigned.headers, "a refused segment", "resource");
  });

  it("on 404s, a bad URL, the app's HTML (also as the SPA fallback) and its assets", async () => {
    const missing = await post(platform, "/no/such/endpoint", "{}");
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers, "an API 404", "resource");
    expectSecurityHeaders(
      (await get(platform, "/api/no/such/thing")).headers,
      "a GET 404 under /api",
      "resource",
    );
    expectSecurityHeaders((await get(platform, "/%E0%A4%A")).headers, "a URL that does not decode", "page");

    for (const path of ["/", "/index.html", "/videoview?id=1", "/d/0/anything"]) {
      const page = await fetch(`${platform.server.origin}${path}`);
      const html = await page.text();
      expect(page.status, path).toBe(200);
      expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
      const csp = expectSecurityHeaders(page.headers, path, "page");
      const directives = directivesOf(csp);
      // The boot script and the config written into the page, each allowed by its own hash.
      const sha256 = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
      const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] ?? "");
      expect(inline, path).toHaveLength(2);
      expect(inline[1], path).toMatch(/^window\.__PLATFORM_CONFIG__=\{"clientId":/);
      expect(html, path).not.toContain('src="/api/h5/config.js"');
      expect(directives.get("script-src")).toEqual(["'self'", ...inline.map(sha256)]);
      expect(directives.get("style-src")).toEqual(["'self'", sha256("body{color:#fff}")]);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("base-uri")).toEqual(["'none'"]);
      expect(directives.get("form-action")).toEqual(["'self'"]);
      expect(directives.get("media-src")).toEqual(["'self'", "blob:"]);
      expect(csp).not.toContain("unsafe-");
      expect(directives.has("report-uri")).toBe(false);
    }
    const asset = await get(platform, "/assets/index-abc123.js");
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expectSecurityHeaders(asset.headers, "an asset", "resource");
    const gone = await get(platform, "/assets/index-gone.js");
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toMatch(/^application\/json/);
    expectSecurityHeaders(gone.headers, "a missing asset", "resource");
    const head = await fetch(`${platform.server.origin}/home`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("CSP settings", () => {
  const base = { DATA_DIR: "/tmp/unused" };

  it("are none by default", () => {
    expect(loadConfig(base).csp).toEqual({
      connectSrc: [],
      imgSrc: [],
      mediaSrc: [],
      frameSrc: [],
      reportUri: null,
    });
  });

  it("read space- or comma-separated origins (lower-cased, once each) and a report URI", () => {
    const { csp } = loadConfig({
      ...base,
      CSP_CONNECT_SRC: "https://api.pay.example.com, wss://live.example.com:8443",
      CSP_IMG_SRC: " https://CDN.example.com  https://*.objects.example.com,https://cdn.example.com ",
      CSP_MEDIA_SRC: "https://media.example.com",
      CSP_FRAME_SRC: "https://pay.example.com",
      CSP_REPORT_URI: "https://reports.example.com/csp?app=h5",
    });
    expect(csp).toEqual({
      connectSrc: ["https://api.pay.example.com", "wss://live.example.com:8443"],
      imgSrc: ["https://cdn.example.com", "https://*.objects.example.com"],
      mediaSrc: ["https://media.example.com"],
      frameSrc: ["https://pay.example.com"],
      reportUri: "https://reports.example.com/csp?app=h5",
    });
    expect(loadConfig({ ...base, CSP_REPORT_URI: "/api/csp-report" }).csp.reportUri).toBe("/api/csp-report");
  });

  it.each([
    ["CSP_CONNECT_SRC", "'unsafe-eval'"],
    ["CSP_CONNECT_SRC", "*"],
    ["CSP_IMG_SRC", "data:"],
    ["CSP_IMG_SRC", "https:"],
    ["CSP_IMG_SRC", "https://cdn.example.com;script-src"],
    ["CSP_IMG_SRC", "https://cdn.example.com/path"],
    ["CSP_MEDIA_SRC", "cdn.example.com"],
    ["CSP_MEDIA_SRC", "ftp://cdn.example.com"],
    ["CSP_MEDIA_SRC", "https://cdn.example.com:99999"],
    ["CSP_FRAME_SRC", "'self'"],
    ["CSP_FRAME_SRC", 'https://pay.example.com"'],
    ["CSP_REPORT_URI", "https://reports.example.com/csp; script-src *"],
    ["CSP_REPORT_URI", "reports.example.com"],
    ["CSP_REPORT_URI", "javascript:alert(1)"],
  ])("refuse %s=%s at start", (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });

  it("put the extra origins and the report URI into the policy; an API-only server's 404 has it too", async () => {
    const empty = mkdtempSync(join(tmpdir(), "no-h5-"));
    const platform = await startPlatform(embedded, {
      H5_DIST: empty,
      CSP_CONNECT_SRC: "https://api.pay.example.com wss://live.example.com",
      CSP_IMG_SRC: "https://cdn.example.com",
      CSP_MEDIA_SRC: "https://media.example.com",
      CSP_FRAME_SRC: "https://pay.example.com",
      CSP_REPORT_URI: "/api/csp-report",
    });
    try {
      const missing = await get(platform, "/somewhere");
      expect(missing.status).toBe(404);
      const directives = directivesOf(
        expectSecurityHeaders(missing.headers, "a 404 without the app", "page"),
      );
      expect(directives.get("connect-src")).toEqual([
        "'self'",
        "https://api.pay.example.com",
        "wss://live.example.com",
      ]);
      expect(directives.get("img-src")).toEqual(["'self'", "blob:", "https://cdn.example.com"]);
      expect(directives.get("media-src")).toEqual(["'self'", "blob:", "https://media.example.com"]);
      expect(directives.get("frame-src")).toEqual(["https://pay.example.com"]);
      expect(directives.get("report-uri")).toEqual(["/api/csp-report"]);
    } finally {
      await platform.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
