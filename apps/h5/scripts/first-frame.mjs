// Time to the first frame of a free video (Step 7): in Debian's Chromium at a phone's size, against
// the production build served by the real server (fresh embedded database, demo seed data, quick
// media), signed in as the demo ordinary user. Two measures, 5 runs each, median printed:
//   direct   — a new browser context each run (empty cache), navigating to /videoview?id=…: from
//              the navigation's start (performance.timeOrigin) to the first video frame presented
//              (requestVideoFrameCallback's presentationTime), with the HTML, scripts, the info call, shaka, the
//              playlist and the first segments all on the way;
//   in-app   — from /home?price=free (scripts cached), a tap on the first video: from the tap to the
//              first frame.
//   throttled — direct, under a phone's conditions applied over the DevTools protocol: Lighthouse's
//              (150 ms round trip, 1.6 Mbps down, 750 kbps up) and DevTools' 'Slow 4G' (562.5 ms
//              per request, 1.6 Mbps down), CPU slowed 4× in both.
// The person is a returning one (the page-session cookie, decision 0035): the page carries the
// video's data and preloads its first bytes. Calls made after the first render wait at least
// 300 ms (the client's floor, spec §7).
// Targets (Step 23): direct ≤ 0.6 s on localhost, ≤ 2.5 s at 150 ms, ≤ 4 s on 'Slow 4G'. Reported,
// never enforced (machines are noisy); exit code 1 only if something broke. `--detail` prints the
// key requests of the last run of each throttled profile (HTML, scripts, poster, playlist, init and
// first segment, the first frame).
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
const TARGET_MS = 600;
/** The throttled profiles (DevTools protocol units: ms, bytes per second), CPU slowed 4× in each. */
const profiles = [
  {
    name: "150 ms RTT, 1.6 Mbps, 4× CPU",
    target: 2500,
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    },
  },
  {
    name: "'Slow 4G' (562.5 ms, 1.6 Mbps), 4× CPU",
    target: 4000,
    network: {
      offline: false,
      latency: 562.5,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    },
  },
];
const CPU_RATE = 4;
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
    // When the frame was handed to the compositor (rVFC's presentationTime), not when the page's
    // main thread — busy evaluating the app at 4× CPU — got round to the callback.
    const onFrame = (now, metadata) => {
      if (window.__firstFrame === null)
        window.__firstFrame = Math.min(metadata?.presentationTime ?? Infinity, now ?? performance.now());
    };
    if (typeof video.requestVideoFrameCallback === "function") video.requestVideoFrameCallback(onFrame);
    else video.addEventListener("loadeddata", () => onFrame(performance.now()), { once: true });
  };
  new MutationObserver(() => {
    for (const video of document.querySelectorAll("video")) watch(video);
  }).observe(document, { subtree: true, childList: true });
}

async function firstFrame(page, timeout = 20_000) {
  await page.waitForFunction(() => window.__firstFrame !== null, undefined, { timeout });
  return page.evaluate(() => window.__firstFrame);
}

/** The key requests of a run, and the first frame (ms from navigation start). */
async function printTimeline(page, title) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => ({
      name: e.name,
      start: e.startTime,
      end: e.responseEnd,
      bytes: e.transferSize,
      initiator: e.initiatorType,
    })),
  );
  const { responseEnd, frame } = await page.evaluate(() => ({
    responseEnd: performance.getEntriesByType("navigation")[0]?.responseEnd ?? 0,
    frame: window.__firstFrame,
  }));
  const kind = (path) =>
    /\/assets\/.*\.js$/.test(path)
      ? "script"
      : /\/covers\//.test(path)
        ? "poster"
        : /\.m3u8$/.test(path)
          ? "playlist"
          : /init\.mp4$/.test(path)
            ? "init"
            : /seg_00000\.m4s$/.test(path)
              ? "first segment"
              : null;
  console.log(`  ${title} — key requests (ms from navigation start):`);
  console.log(`    ${"0".padStart(6)} → ${ms(responseEnd).padStart(8)}  the page (HTML)`);
  const scripts = entries.filter((e) => kind(new URL(e.name).pathname) === "script");
  if (scripts.length > 0) {
    const first = Math.min(...scripts.map((e) => e.start));
    const last = Math.max(...scripts.map((e) => e.end));
    const bytes = scripts.reduce((sum, e) => sum + e.bytes, 0);
    console.log(
      `    ${ms(first).padStart(6)} → ${ms(last).padStart(8)}  ${scripts.length} scripts (${bytes} B)`,
    );
  }
  for (const e of entries) {
    const what = kind(new URL(e.name).pathname);
    if (what === null || what === "script") continue;
    console.log(
      `    ${ms(e.start).padStart(6)} → ${ms(e.end).padStart(8)}  ${what} (${e.bytes} B, by ${e.initiator})`,
    );
  }
  console.log(`    ${ms(frame ?? NaN).padStart(17)}  first frame`);
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
  const throttled = profiles.map(() => []);
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext(phone);
      await context.addCookies(cookies);
      await context.addInitScript(initScript, { entries });
      const page = await context.newPage();
      await page.goto(`${origin}/videoview?id=${free.id}`);
      direct.push(await firstFrame(page));
      if (detail && run === RUNS - 1) await printTimeline(page, "localhost");

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

      // Direct again, in a new context (empty cache), on each phone profile.
      for (const [index, profile] of profiles.entries()) {
        const slow = await browser.newContext(phone);
        await slow.addCookies(cookies);
        await slow.addInitScript(initScript, { entries });
        const slowPage = await slow.newPage();
        const session = await slow.newCDPSession(slowPage);
        await session.send("Network.enable");
        await session.send("Network.emulateNetworkConditions", profile.network);
        await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
        await slowPage.goto(`${origin}/videoview?id=${free.id}`, { timeout: 90_000 });
        throttled[index].push(await firstFrame(slowPage, 90_000));
        if (detail && run === RUNS - 1) await printTimeline(slowPage, profile.name);
        await slow.close();
      }
      console.log(
        `run ${run + 1}: direct ${ms(direct[run])}, in-app ${ms(inApp[run])}, ` +
          profiles.map((profile, index) => `${profile.name} ${ms(throttled[index][run])}`).join(", "),
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
  for (const [index, profile] of profiles.entries()) {
    const value = median(throttled[index]);
    console.log(
      `  direct, ${profile.name.padEnd(38)} ${ms(value).padStart(8)}  ${verdict(value, profile.target)} (target ≤ ${ms(profile.target)})`,
    );
  }
}

await runScript("first-frame", main);
