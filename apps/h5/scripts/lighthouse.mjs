// Lighthouse against the built app (Step 23): what the perf script (every spec route, median of 3)
// and the e2e tier's Lighthouse lane (apps/h5/e2e/lighthouse.e2e.ts, the floors) share — Chromium
// with a DevTools port and a fresh profile, a returning person's session put into it (the tokens in
// localStorage and the page-session cookie, decision 0035), one Lighthouse run in its default mobile
// mode (Moto G Power screen, simulated slow 4G, 4× CPU), the spec's 33 routes and the figures read
// from a report.
import { spawn } from "node:child_process";
import { chromiumFlags, chromiumPath, cleanups } from "./harness.mjs";
import { cpuBetween, cpuSample } from "./host-load.mjs";

/** The floors of Step 23 (issue 41): performance by route, the rest on every route. */
export const floors = {
  keyPerformance: 95,
  performance: 90,
  accessibility: 100,
  bestPractices: 100,
  cls: 0.02,
  /**
   * The performance the e2e lane holds its three pages to: a guard against a page that got heavier,
   * not the measure of Step 23's 95 (perf.mjs reads that, median of 3, into docs/perf.md; decision
   * 0042). The lane runs alone, after the rest of the test command, on a machine whose speed moves
   * by the hour: /videoview read 81–99 in single runs on one day (median ≈ 94), 77–98 on another
   * (median ≈ 86, the same build), and 67–75 through one slow afternoon, when /home read 71–85 and
   * /login 85–94. A page under the floor at its first run is judged by the median of three, so 70
   * holds on every host state seen and still fails a page that lost 15–20 points: about 400 ms more
   * of blocking time at 4× CPU, a layout shift, or a slower largest paint. (85 failed the test
   * command on the host's slow days, 70 was the floor before the lane ran alone.)
   */
  lanePerformance: 70,
};
/**
 * The benchmark index (Lighthouse's own measure of the host's CPU, in every report's environment) on
 * which Lighthouse's default 4× CPU slowdown is taken as it is. The floors were set on hosts of
 * index 1 200–2 900 here; on a busy day the same machine has run at less than half its speed.
 */
export const REFERENCE_INDEX = 1500;

/**
 * The CPU slowdown that emulates, on a host of `benchmarkIndex`, the phone 4× makes of a host of
 * `REFERENCE_INDEX` (index ≈ 375): 4× on a host that fast or faster, proportionally less on a slower
 * one (not under 1×), so a slow host's slowness is not read as the app's — the calibration
 * Lighthouse's throttling guide and DevTools' CPU calibration make. 4× when the index is unknown.
 */
export function calibratedSlowdown(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) return 4;
  const slowdown = (4 * benchmarkIndex) / REFERENCE_INDEX;
  return Math.min(4, Math.max(1, Math.round(slowdown * 10) / 10));
}

/** The routes whose performance must reach `floors.keyPerformance`. */
export const keyRoutes = ["/login", "/home", "/videoview"];

/**
 * The spec's 33 routes (product spec §2) as Lighthouse opens them: the query each needs to show its
 * real screen, from `ids` (a free video, the person's id, a word, a folder, an order). Signed in but
 * /login.
 */
export function specRoutes(ids) {
  const q = encodeURIComponent(ids.word);
  return [
    ["/", ""],
    ["/login", ""],
    ["/d/0", ""],
    ["/starlive", ""],
    ["/home", ""],
    ["/game", ""],
    ["/trade", ""],
    ["/search", `?q=${q}`],
    ["/keywordsearch", `?id=${q}`],
    ["/videoview", `?id=${ids.video}`],
    ["/editvideo", `?id=${ids.ownVideo}`],
    ["/creationcenter", `?id=${ids.userId}`],
    ["/membervip", ""],
    ["/mybuy", ""],
    ["/myhistory", ""],
    ["/mycollection", "?active=ALL"],
    ["/collection", `?id=${ids.folder}`],
    ["/addmycollection", ""],
    ["/ordermanage", "?tab=RECHARGE_ORDER"],
    ["/orderdetails", `?page=RECHARGE_ORDER&orderNum=${ids.order}`],
    ["/withdraw", ""],
    ["/cardmanage", ""],
    ["/addbankcard", ""],
    ["/mysettings", ""],
    ["/messagesettings", ""],
    ["/editprofile", ""],
    ["/editphone", ""],
    ["/editpassword", ""],
    ["/bindphone", ""],
    ["/accountsecuritysettings", ""],
    ["/accountlogout", ""],
    ["/idcard", ""],
    ["/scanidcard", ""],
  ].map(([path, query]) => ({ path, query, signedIn: path !== "/login" }));
}

/** Chromium with a fresh profile and a DevTools port (its own process group, killed on cleanup). */
async function launchChromium(profileDir) {
  const child = spawn(
    chromiumPath,
    [...chromiumFlags, `--user-data-dir=${profileDir}`, "--remote-debugging-port=0", "about:blank"],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);
  const port = await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      reject(new Error(`Chromium printed no DevTools address within 30 s:\n${output}`));
    }, 30_000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${String(code)}) before it listened:\n${output}`));
    });
  });
  child.stderr.resume();
  return { port, stop };
}

/**
 * Put a returning person's session into Chromium's default profile: the tokens in the origin's
 * localStorage, the page-session cookies; then empty its cache (a cold load, as Lighthouse means).
 */
export async function storeSession(port, origin, entries, cookies = []) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    // A small same-origin document that does not start the app.
    await page.goto(`${origin}/api/h5/config.js`);
    await page.evaluate((pairs) => {
      for (const [key, value] of pairs) localStorage.setItem(key, value);
    }, entries);
    if (cookies.length > 0) await context.addCookies(cookies);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  } finally {
    await browser.close(); // a CDP connection: disconnects, Chromium and its default profile stay
  }
}

/**
 * One Lighthouse run of `url` in a fresh Chromium (`profileDir`), signed in with `session` ({ entries,
 * cookies }) or not: its report (lhr) and HTML. Throws when Lighthouse failed or the page redirected.
 * `cpuSlowdown` replaces the mobile mode's 4× CPU slowdown (`calibratedSlowdown`); the rest of its
 * throttling (150 ms, 1.6 Mbps) stays. `host`: the machine's CPU use during the run (host-load.mjs).
 */
export async function lighthouseRun(url, profileDir, session = null, profile = false, cpuSlowdown = 4) {
  const lighthouse = (await import("lighthouse")).default;
  const chromium = await launchChromium(profileDir);
  try {
    if (session !== null)
      await storeSession(chromium.port, new URL(url).origin, session.entries, session.cookies);
    const before = cpuSample();
    const result = await lighthouse(url, {
      hostname: "127.0.0.1",
      port: chromium.port,
      logLevel: "error",
      output: "html",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      // Signed in: keep the session stored above (the cache was emptied there).
      disableStorageReset: session !== null,
      ...(cpuSlowdown === 4 ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
      // With `profile`, the trace also holds V8's samples (which functions the long tasks ran).
      ...(profile ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } : {}),
    });
    // What the machine did meanwhile (host-load.mjs): Chromium, this process and anything else.
    const host = cpuBetween(before, cpuSample());
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const wanted = new URL(url).pathname;
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    if (final !== wanted && !(wanted === "/" && final === "/home")) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (redirected): not the page meant`);
    }
    // With `profile`, the trace Lighthouse measured (perf.mjs --trace writes it beside the report).
    return { lhr, report: String(result.report), trace: profile ? result.artifacts.Trace : null, host };
  } finally {
    await chromium.stop();
  }
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

/**
 * The figures of a report: the three scores, LCP, TBT, CLS (ms, ms, unitless), the host's benchmark
 * index and the CPU slowdown the run emulated.
 */
export function figuresOf(lhr) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories["best-practices"]),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? NaN,
  };
}

/** The floors a route's figures miss (empty when it meets them all). */
export function missedFloors(
  path,
  figures,
  performanceFloor = keyRoutes.includes(path) ? floors.keyPerformance : floors.performance,
) {
  const missed = [];
  if ((figures.performance ?? 0) < performanceFloor)
    missed.push(`performance ${figures.performance} < ${performanceFloor}`);
  if ((figures.accessibility ?? 0) < floors.accessibility)
    missed.push(`accessibility ${figures.accessibility} < 100`);
  if ((figures.bestPractices ?? 0) < floors.bestPractices)
    missed.push(`best practices ${figures.bestPractices} < 100`);
  if (!(figures.cls <= floors.cls)) missed.push(`CLS ${figures.cls.toFixed(3)} > ${floors.cls}`);
  return missed;
}
