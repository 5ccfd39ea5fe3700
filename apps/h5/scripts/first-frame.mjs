// Time to the first frame of a free video (Step 7): in Debian's Chromium at a phone's size, against
// the production build served by the real server (fresh embedded database, demo seed data, quick
// media), signed in as the demo ordinary user. Two measures, 5 runs each, median printed:
//   direct   — a new browser context each run (empty cache), navigating to /videoview?id=…: from
//              the navigation's start (performance.timeOrigin) to the first video frame presented
//              (requestVideoFrameCallback), with the HTML, scripts, the info call, shaka, the
//              playlist and the first segments all on the way;
//   in-app   — from /home?price=free (scripts cached), a tap on the first video: from the tap to the
//              first frame.
//   throttled — direct, under a phone's conditions applied over the DevTools protocol (Step 13):
//              150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU slowed 4×.
// Every API call in the app waits at least 300 ms (the client's floor, spec §7), so all include it.
// Targets (Step 13): direct ≤ 0.8 s on localhost, throttled ≤ 4 s. Reported, never enforced
// (machines are noisy); exit code 1 only if something broke.
//
// Run: pnpm -F @platform/h5 first-frame            (builds first, like perf)
//      pnpm -F @platform/h5 first-frame --no-build  (uses apps/server/dist and apps/h5/dist)
//      --detail also prints the last direct run's timeline (each request's start and end).
/* global window, document, MutationObserver -- the probes below run in the page */
import { autoplayFlag } from "./chromium.mjs";
import {
  chromiumFlags,
  chromiumPath,
  prepareDist,
  runScript,
  startDemoServer,
  temporaryFolder,
} from "./harness.mjs";

const RUNS = Number(process.env.FIRST_FRAME_RUNS ?? 5);
const TARGET_MS = 800;
const THROTTLED_TARGET_MS = 4000;
/** Lighthouse's mobile network and CPU (DevTools protocol units: bytes per second, ms). */
const phoneConditions = {
  network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  cpuRate: 4,
};
const demo = { phone: "13800000002", password: "demo123456" };
const noBuild = process.argv.includes("--no-build");
/** --detail: print the last direct run's timeline (every request's start and end, the frame). */
const detail = process.argv.includes("--detail");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${Math.round(value)} ms`;

/** In every document: the session, and a probe noting when a <video> first presents a frame. */
function initScript({ entries }) {
  for (const [key, value] of entries) localStorage.setItem(key, value);
  window.__firstFrame = null;
  const watch = (video) => {
    if (video.__probed === true) return;
    video.__probed = true;
    const onFrame = () => {
      if (window.__firstFrame === null) window.__firstFrame = performance.now();
    };
    if (typeof video.requestVideoFrameCallback === "function") video.requestVideoFrameCallback(onFrame);
    else video.addEventListener("loadeddata", onFrame, { once: true });
  };
  new MutationObserver(() => {
    for (const video of document.querySelectorAll("video")) watch(video);
  }).observe(document, { subtree: true, childList: true });
}

async function firstFrame(page, timeout = 20_000) {
  await page.waitForFunction(() => window.__firstFrame !== null, undefined, { timeout });
  return page.evaluate(() => window.__firstFrame);
}

async function printTimeline(page) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => ({
      name: e.name,
      start: e.startTime,
      end: e.responseEnd,
      bytes: e.transferSize,
    })),
  );
  const navigation = await page.evaluate(() => {
    const [n] = performance.getEntriesByType("navigation");
    return { responseEnd: n?.responseEnd ?? 0, domContentLoaded: n?.domContentLoadedEventEnd ?? 0 };
  });
  console.log(`  timeline of this run (ms from navigation start):`);
  console.log(`    ${ms(navigation.responseEnd).padStart(8)}  index.html received`);
  for (const e of entries.sort((a, b) => a.start - b.start)) {
    const url = new URL(e.name);
    const path = `${url.pathname}`.replace(/^\/assets\//, "assets/").slice(0, 70);
    console.log(`    ${ms(e.start).padStart(8)} → ${ms(e.end).padStart(8)}  ${path} (${e.bytes} B)`);
  }
  console.log(`    ${ms(navigation.domContentLoaded).padStart(8)}  DOMContentLoaded`);
}

async function main() {
  const temp = temporaryFolder("h5-first-frame-");
  const dist = prepareDist(temp, noBuild);
  const { chromium } = await import("playwright-core");
  const { origin, signIn } = await startDemoServer(temp, dist);
  const { api, entries, cookies } = await signIn(demo);
  const free = (await api.substance.getVideoList({ price: "free", size: 10 })).records[0];
  if (free === undefined) throw new Error("the seed has no free video");

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, autoplayFlag],
  });
  const phone = {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "zh-CN",
  };
  const direct = [];
  const inApp = [];
  const throttled = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext(phone);
      await context.addCookies(cookies);
      await context.addInitScript(initScript, { entries });
      const page = await context.newPage();
      await page.goto(`${origin}/videoview?id=${free.id}`);
      direct.push(await firstFrame(page));
      if (detail && run === RUNS - 1) await printTimeline(page);

      // In the app: home's free videos, then a tap on the first one.
      await page.goto(`${origin}/home?price=free`);
      const first = page.getByRole("list", { name: "视频列表" }).getByRole("listitem").first();
      await first.waitFor();
      await page.evaluate(() => {
        window.__firstFrame = null;
        window.__tapAt = performance.now();
      });
      await first.getByRole("button").first().click();
      await page.waitForURL("**/videoview?**");
      const frame = await firstFrame(page);
      inApp.push(frame - (await page.evaluate(() => window.__tapAt)));
      await context.close();

      // Direct again, in a new context (empty cache), on a phone's network and CPU.
      const slow = await browser.newContext(phone);
      await slow.addCookies(cookies);
      await slow.addInitScript(initScript, { entries });
      const slowPage = await slow.newPage();
      const session = await slow.newCDPSession(slowPage);
      await session.send("Network.enable");
      await session.send("Network.emulateNetworkConditions", phoneConditions.network);
      await session.send("Emulation.setCPUThrottlingRate", { rate: phoneConditions.cpuRate });
      await slowPage.goto(`${origin}/videoview?id=${free.id}`, { timeout: 60_000 });
      throttled.push(await firstFrame(slowPage, 60_000));
      if (detail && run === RUNS - 1) await printTimeline(slowPage);
      await slow.close();
      console.log(
        `run ${run + 1}: direct ${ms(direct[run])}, in-app ${ms(inApp[run])}, throttled ${ms(throttled[run])}`,
      );
    }
  } finally {
    await browser.close();
  }
  const verdict = (value, target = TARGET_MS) => (value <= target ? "met" : "MISSED");
  console.log(
    `\nfirst frame of a free video (“${free.videoTitle}”), median of ${RUNS}, target ≤ ${ms(TARGET_MS)}:`,
  );
  console.log(
    `  direct navigation to /videoview (empty cache)  ${ms(median(direct)).padStart(8)}  ${verdict(median(direct))}`,
  );
  console.log(
    `  in-app tap from /home (scripts cached)         ${ms(median(inApp)).padStart(8)}  ${verdict(median(inApp))}`,
  );
  console.log(
    `  direct, 150 ms RTT, 1.6 Mbps, 4× CPU           ${ms(median(throttled)).padStart(8)}  ${verdict(median(throttled), THROTTLED_TARGET_MS)} (target ≤ ${ms(THROTTLED_TARGET_MS)})`,
  );
}

await runScript("first-frame", main);
