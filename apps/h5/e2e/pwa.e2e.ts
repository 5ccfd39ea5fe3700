import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Language, StorageKey } from "@platform/domain";
import { chromium } from "playwright-core";
import type { Page } from "playwright-core";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { chromiumFlags } from "../scripts/chromium.mjs";
import { chromiumPath, demo, e2eBrowser, registerAccount, signInQuickly } from "./browser";

/**
 * Installation and repeat visits (Step 13): the service worker precaches the shell, a second visit
 * paints from it, an offline visit shows the app's own offline screen in the reader's language, the
 * worker never keeps an API answer or a piece of media, and Chromium finds the app installable.
 */

const e2e = e2eBrowser();

/** Waits until the page is controlled by the activated service worker (its precache done). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller === null) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener(
          "controllerchange",
          () => {
            resolve();
          },
          { once: true },
        );
      });
    }
  });
}

/** Every URL the page's caches hold (Cache Storage, all caches): paths, or with their query. */
function cachedUrls(page: Page, withQuery = false): Promise<string[]> {
  return page.evaluate(async (query) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        urls.push(query ? url.pathname + url.search : url.pathname);
      }
    }
    return urls;
  }, withQuery);
}

describe("installation and repeat visits", () => {
  it("precaches the shell; the second visit's page and scripts come from the worker", async () => {
    const { context, page } = await e2e.phone(undefined, "allow");
    await signInQuickly(context, demo.ordinary);
    await page.goto("/home");
    await page.getByRole("list", { name: "视频列表" }).getByRole("listitem").first().waitFor();
    await controlled(page);
    const precached = await cachedUrls(page);
    expect(precached).toContain("/index.html");
    expect(
      precached.filter((url) => url.startsWith("/assets/") && url.endsWith(".js")).length,
    ).toBeGreaterThan(10);

    const fromWorker: string[] = [];
    const fromNetwork: string[] = [];
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (path === "/home" || path.startsWith("/assets/")) {
        (response.fromServiceWorker() ? fromWorker : fromNetwork).push(path);
      }
    });
    await page.reload();
    await page.getByRole("list", { name: "视频列表" }).getByRole("listitem").first().waitFor();
    expect(fromWorker).toContain("/home");
    expect(fromNetwork, "scripts fetched again on a repeat visit").toEqual([]);
  });

  it("never keeps an API answer, a playlist or a segment: only the app's own files", async () => {
    const { context, page } = await e2e.phone(undefined, "allow");
    const { api } = await signInQuickly(context, demo.vip);
    await page.goto("/home");
    await controlled(page);
    const [video] = (await api.substance.getVideoList({ price: "free", size: 1 })).records;
    if (video === undefined) throw new Error("the seed has no free video");
    await page.goto(`/videoview?id=${video.id}`);
    // Playing: the playlist and segments (with the token in their URLs) went through the page.
    await page.waitForFunction(() => {
      const player = document.querySelector("video");
      return player !== null && player.currentTime > 0.2;
    });
    const cached = await cachedUrls(page);
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);
    for (const url of cached) {
      expect(url, url).toMatch(
        /^\/(index\.html|logo\.svg|icon-[\w-]+\.png|manifest\.[\w-]+\.webmanifest|assets\/)/,
      );
    }
  });

  it("opened offline, shows the app's offline screen in the reader's language and recovers", async () => {
    for (const language of [Language.zhCN, Language.enUS]) {
      const { context, page } = await e2e.phone(undefined, "allow");
      await signInQuickly(context, demo.ordinary);
      if (language === Language.enUS) {
        await context.addInitScript((key: string) => {
          localStorage.setItem(key, "enUS");
        }, StorageKey.language);
      }
      await page.goto("/home");
      await controlled(page);
      await context.setOffline(true);
      await page.goto("/videoview?id=1").catch(() => undefined);
      const words = language === Language.zhCN ? "网络未连接" : "You are offline";
      await expect.poll(() => page.getByRole("heading", { name: words }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(
        language === Language.zhCN ? "zh-CN" : "en-US",
      );
      // Back online: the page opens by itself.
      await context.setOffline(false);
      await page.getByRole("heading", { name: words }).waitFor({ state: "detached" });
      await page.locator("video").waitFor();
      // Lost again while the page is open: a notice, and the page keeps what it shows.
      const notice =
        language === Language.zhCN
          ? "网络已断开，恢复后可继续操作"
          : "You are offline. You can carry on once the connection is back.";
      await context.setOffline(true);
      await expect.poll(() => page.getByRole("status").filter({ hasText: notice }).isVisible()).toBe(true);
      expect(await page.locator("video").count()).toBe(1);
      await context.setOffline(false);
      await page.getByRole("status").filter({ hasText: notice }).waitFor({ state: "detached" });
      await context.close();
    }
  });

  it("an update of the app reaches the next visit", async () => {
    const { context, page } = await e2e.phone(undefined, "allow");
    await signInQuickly(context, demo.ordinary);
    await page.goto("/home");
    await controlled(page);
    // A new build, as a deploy puts it on the server: a worker whose precache lists the page at a
    // new revision. Written into dist/ (the browser fetches a worker outside the page's routes; the
    // server lists its files at start, so the new build changes a file it has), put back after.
    const dist = fileURLToPath(new URL("../dist/", import.meta.url));
    const worker = readFileSync(join(dist, "sw.js"), "utf8");
    const oldRevision = /\{url:"index\.html",revision:"([0-9a-f]+)"\}/.exec(worker)?.[1];
    expect(oldRevision).toBeDefined();
    // The build's compressed copies too (decision 0039): the server sends those to this browser.
    const copies = { "sw.js.br": brotliCompressSync, "sw.js.gz": gzipSync };
    const kept = Object.keys(copies).map((name) => [name, readFileSync(join(dist, name))] as const);
    const next = worker.replace(
      `{url:"index.html",revision:"${oldRevision ?? ""}"}`,
      `{url:"index.html",revision:"next-build"}`,
    );
    writeFileSync(join(dist, "sw.js"), next);
    for (const [name, compress] of Object.entries(copies)) writeFileSync(join(dist, name), compress(next));
    onTestFinished(() => {
      writeFileSync(join(dist, "sw.js"), worker);
      for (const [name, bytes] of kept) writeFileSync(join(dist, name), bytes);
    });
    // Workbox keeps each precached file under its URL with `__WB_REVISION__`.
    const precache = () => cachedUrls(page, true);
    // The browser looks for a new worker (as it does on a visit): it installs, takes over at once
    // (skipWaiting, clientsClaim) and drops what the old build precached.
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const changed = new Promise<string>((resolve) => {
        navigator.serviceWorker.addEventListener(
          "controllerchange",
          () => {
            resolve("taken over");
          },
          {
            once: true,
          },
        );
        setTimeout(() => {
          resolve("no new worker took over");
        }, 30_000);
      });
      await registration?.update();
      return changed;
    });
    expect(outcome).toBe("taken over");
    await expect.poll(precache).toContain("/index.html?__WB_REVISION__=next-build");
    // The old build's page leaves the precache once the new worker has activated.
    await expect
      .poll(async () => (await precache()).some((key) => key.endsWith(`=${oldRevision ?? ""}`)), {
        timeout: 15_000,
      })
      .toBe(false);
    // The next visit is the new build's, from the new worker.
    const fromWorker: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/home" && response.fromServiceWorker())
        fromWorker.push("/home");
    });
    await page.reload();
    await page.getByRole("list", { name: "视频列表" }).getByRole("listitem").first().waitFor();
    expect(fromWorker).toEqual(["/home"]);
  });

  it("is installable: Chromium's own check finds nothing missing, in either language", async () => {
    // A profile on disk: Playwright's usual contexts are incognito, where nothing installs.
    const profile = mkdtempSync(join(tmpdir(), "h5-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: [...chromiumFlags],
      baseURL: inject("origin"),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await signInQuickly(context, await registerAccount());
      for (const language of [Language.zhCN, Language.enUS]) {
        const page = await context.newPage();
        await page.goto("/login");
        await page.evaluate(
          ([key, value]) => {
            localStorage.setItem(key, value);
          },
          [StorageKey.language, language] as const,
        );
        await page.goto("/home");
        await controlled(page);
        const session = await context.newCDPSession(page);
        const { installabilityErrors } = (await session.send("Page.getInstallabilityErrors")) as {
          installabilityErrors: { errorId: string }[];
        };
        expect(installabilityErrors).toEqual([]);
        const manifest = (await session.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
        const locale = language === Language.zhCN ? "zh-CN" : "en-US";
        expect(manifest.url).toMatch(new RegExp(`/manifest\\.${locale}\\.webmanifest$`));
        expect(manifest.errors).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
