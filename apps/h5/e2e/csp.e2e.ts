import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { crc32, deflateSync } from "node:zlib";
import { PriceFilter } from "@platform/domain";
import type { BrowserContext, Page, Response } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, describe, expect, it } from "vitest";
import { demo, e2eBrowser, myTab, signInQuickly } from "./browser";

/**
 * The Content-Security-Policy the server sends (apps/server/src/http/security-headers.ts) against
 * the built app: every route, the player playing, the QR scanner and album decoder, the panels and
 * the English catalog, with not one violation reported by the page.
 */

const routesDir = fileURLToPath(new URL("../src/routes/", import.meta.url));

/** Every route file under src/routes, as its path pattern (TanStack Router's file conventions). */
function routePatterns(): string[] {
  const files = readdirSync(routesDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(sep).join("/"))
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".gen.ts"));
  const patterns = files.flatMap((file) => {
    const parts = file
      .replace(/\.tsx?$/, "")
      .replace(/\.lazy$/, "")
      .split(/[/.]/);
    // The root route, and files TanStack ignores ('-' prefix).
    if (parts.some((part) => part.startsWith("__") || part.startsWith("-"))) return [];
    const segments = parts
      // `index` / `route` name the folder's own route; `(group)` and `_layout` add no segment.
      .filter((part) => part !== "index" && part !== "route")
      .filter((part) => !/^\(.*\)$/.test(part) && !part.startsWith("_"))
      .map((part) => part.replace(/_$/, ""));
    return [`/${segments.join("/")}`];
  });
  return [...new Set(patterns)].sort();
}

/** What a route's `$param`s are filled with; a new param needs a value here (the test says so). */
const paramValues: Readonly<Record<string, string>> = {
  $channelTagId: "0",
  // A splat: any sub-path.
  $: "live",
};

function fill(pattern: string): string {
  return pattern.replace(/\$[A-Za-z0-9_]*/g, (param) => {
    const value = paramValues[param];
    if (value === undefined) throw new Error(`csp.e2e.ts has no value for ${param} (route ${pattern})`);
    return value;
  });
}

interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly source: string;
  readonly sample: string;
}

declare global {
  interface Window {
    /** What the page's CSP refused, recorded from the start of each document (init script). */
    cspViolations?: Violation[];
  }
}

/**
 * Records `securitypolicyviolation` events on `window` from the first script of every document,
 * and console lines about the policy; returns what was found since the last call.
 */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${String(event.lineNumber)}`,
        sample: event.sample,
      });
    });
  });
  const consoleLines: string[] = [];
  page.on("console", (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text())) consoleLines.push(message.text());
  });
  return async () => {
    const events = await page.evaluate(() => {
      const found = window.cspViolations ?? [];
      window.cspViolations = [];
      return found;
    });
    return [
      ...events.map((v) => `${v.directive} refused ${v.blocked || "(inline)"} at ${v.source} ${v.sample}`),
      ...consoleLines.splice(0),
    ];
  };
}

/** The document's own answer carries the policy, with frame protection. */
function expectPolicy(response: Response | null, url: string): void {
  expect(response, url).not.toBeNull();
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, url).toContain("frame-ancestors 'none'");
  expect(csp, url).toContain("script-src 'self'");
  expect(csp, url).not.toContain("unsafe-");
  expect(headers["x-frame-options"], url).toBe("DENY");
  expect(headers["x-content-type-options"], url).toBe("nosniff");
  expect(headers["referrer-policy"], url).toBe("no-referrer");
}

/** Until the page has made no request for half a second (a screen's data and chunks arrived). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 20_000 });
}

function videoTime(page: Page): Promise<number> {
  return page
    .locator("video")
    .first()
    .evaluate((v: HTMLVideoElement) => v.currentTime);
}

// ── pictures for the QR decoder ────────────────────────────────────────────────────────────────

/** A real QR code (made by the `qrcode` encoder) of the text the album and camera tests read. */
const qr = QRCode.create("ID-110101", { errorCorrectionLevel: "L" }).modules;

/** Grey levels (0 black, 255 white), `width` × `height`, the code centred at `scale` px a module. */
function qrPicture(width: number, height: number, scale: number, withCode = true): Uint8Array {
  const pixels = new Uint8Array(width * height).fill(255);
  if (!withCode) return pixels;
  const size = qr.size * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + y * scale + dy) * width + left + x * scale;
        pixels.fill(0, start, start + scale);
      }
    }
  }
  return pixels;
}

/** A greyscale PNG of those pixels (signature, IHDR, IDAT, IEND). */
function png(width: number, height: number, grey: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(grey.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A Y4M clip for Chromium's fake camera: the code on white, 640 × 800 (the scanner's 4:5), a few
 * identical frames (Chromium loops the file).
 */
function cameraClip(path: string): void {
  const width = 640;
  const height = 800;
  const luma = Buffer.from(qrPicture(width, height, 12).map((grey) => (grey === 0 ? 16 : 235)));
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${String(width)} H${String(height)} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 10 }, () => frame),
    ]),
  );
}

const scratch = mkdtempSync(join(tmpdir(), "h5-csp-"));
const cameraFile = join(scratch, "qr-camera.y4m");
cameraClip(cameraFile);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

// A fake camera that films the QR code, allowed without a prompt: for this journey's browser only.
const e2e = e2eBrowser([
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-video-capture=${cameraFile}`,
]);

describe("the Content-Security-Policy against the built app", () => {
  it("every route signed in, the player playing, the 'my' panel, a comment panel and English: no violation", async () => {
    const { context, page } = await e2e.phone();
    const violations = await watchViolations(context, page);
    const { api, userId } = await signInQuickly(context, demo.vip);
    const [svip] = (await api.substance.getVideoList({ price: PriceFilter.super, size: 1 })).records;
    if (svip === undefined) throw new Error("the seed has no SVIP video");
    const word = svip.tags[0] ?? svip.videoTitle.slice(0, 2);

    /** What a route needs in its query to show its real screen. */
    const queries: Readonly<Record<string, string>> = {
      "/videoview": `?id=${svip.id}`,
      "/creationcenter": `?id=${userId}`,
      "/keywordsearch": `?id=${encodeURIComponent(word)}`,
      "/search": `?q=${encodeURIComponent(word)}`,
    };
    const patterns = routePatterns();
    // The enumeration found the routes (nested ones too), not an empty folder.
    expect(patterns).toEqual(
      expect.arrayContaining(["/", "/login", "/home", "/videoview", "/d/$channelTagId/$"]),
    );
    const urls = [
      ...patterns.filter((p) => p !== "/login").map((p) => `${fill(p)}${queries[p] ?? ""}`),
      "/no-such-page",
    ];

    // First, that the recorder hears a violation when there is one: a <style> element is refused.
    const first = await page.goto("/no-such-page");
    expectPolicy(first, "/no-such-page");
    await settled(page);
    await page.evaluate(() => {
      const style = document.createElement("style");
      style.textContent = "body { outline: 0 }";
      document.head.append(style);
    });
    // Both the event and Chromium's console line about it, before the routes' count starts.
    const heard: string[] = [];
    await expect
      .poll(async () => {
        heard.push(...(await violations()));
        return heard.filter((line) => line.includes("style-src")).length;
      })
      .toBeGreaterThanOrEqual(2);

    const found: Record<string, string[]> = {};
    const note = async (url: string) => {
      const list = await violations();
      if (list.length > 0) found[url] = [...(found[url] ?? []), ...list];
    };

    for (const url of urls) {
      const response = await page.goto(url);
      expectPolicy(response, url);
      if (url.startsWith("/videoview")) {
        // The player really plays (MSE: a blob: URL on the <video>), then the comment panel.
        await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
        await page.getByRole("button", { name: "评论", exact: true }).click();
        const panel = page.getByRole("dialog", { name: /^评论/ });
        await panel.getByRole("list", { name: "评论列表" }).waitFor({ timeout: 15_000 });
      } else {
        await settled(page);
      }
      // A signed-in visitor stays where they went (only / moves on, to /home).
      expect(new URL(page.url()).pathname, url).not.toBe("/login");
      await note(url);
    }

    // The 'my' side panel, with its data.
    await page.goto("/home");
    await myTab(page).click();
    await page.getByRole("dialog", { name: "我的" }).getByLabel("余额", { exact: true }).waitFor();
    await settled(page);
    await note("/home + 'my' panel");

    // English, once: the catalog is another chunk.
    await page.goto("/mysettings");
    await page.getByRole("radio", { name: "English" }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en-US");
    await settled(page);
    await note("/mysettings → English");
    await page.goto("/home");
    await myTab(page, "Me").click();
    await page.getByRole("dialog", { name: "Me" }).waitFor();
    await settled(page);
    await note("/home + 'Me' panel, in English");

    expect(found).toEqual({});
  }, 300_000);

  it("/login signed out: the QR scanner reads a code from the camera, the album decoder from a PNG; no violation", async () => {
    const { context, page } = await e2e.phone();
    const violations = await watchViolations(context, page);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto("/login");
    expectPolicy(response, "/login");
    const popup = page.getByRole("dialog").first();
    // The scanner may read the fake camera's code and close within a moment of opening: the page
    // notes that its camera view was shown, so the journey does not have to catch it open.
    await page.evaluate(() => {
      const seen = { video: false };
      Object.assign(window, { scannerSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector("video") !== null) seen.video = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await popup.getByRole("button", { name: "扫描身份卡二维码" }).click();

    // The fake camera films the code: the scanner reads it, closes and hands it to the sign-in (a
    // test code, not a card: the sign-in refuses it without a call, and the login popup stays).
    const scanner = page.getByRole("dialog", { name: "扫描身份卡二维码" });
    await expect
      .poll(
        () =>
          page.evaluate(() => (window as unknown as { scannerSeen: { video: boolean } }).scannerSeen.video),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await expect.poll(() => scanner.count(), { timeout: 20_000 }).toBe(0);
    expect(alerts).toEqual([]);

    // The album: a picture without a code → 'no QR code recognised'; with the code → read, no alert.
    const album = page.getByTestId("album-file").first();
    await album.setInputFiles({
      name: "blank.png",
      mimeType: "image/png",
      buffer: png(240, 240, qrPicture(240, 240, 6, false)),
    });
    await expect.poll(() => alerts).toEqual(["未识别到二维码"]);
    await album.setInputFiles({
      name: "card.png",
      mimeType: "image/png",
      buffer: png(240, 240, qrPicture(240, 240, 6)),
    });
    await settled(page);
    // Decoded (a failed decode alerts within a moment): the button is no longer busy, no alert came.
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    // A second alert would follow the decode at once; half a second shows there is none.
    await page.waitForTimeout(500);
    expect(alerts).toEqual(["未识别到二维码"]);
    const found = await violations();

    // The public channel page too, signed out.
    expectPolicy(await page.goto("/d/0"), "/d/0");
    await settled(page);
    expect([...found, ...(await violations())]).toEqual([]);
  });
});
