// First and repeat visits of /home (Step 13): in Debian's Chromium at a phone's size, against the
// production build served by the real server (fresh embedded database, demo seed), signed in as the
// demo ordinary user, each under a phone's conditions applied over the DevTools protocol (150 ms
// round trip, 1.6 Mbps down, 4× CPU) and without them. A first visit is a new browser context
// (empty cache, no service worker); the repeat visit opens /home again in the same context once the
// service worker controls it (its precache done). Prints the median of 5 of first contentful paint
// (FCP), the first video card's appearance, and how many of the repeat visit's requests the worker
// answered. Reported, never enforced; exit code 1 only if something broke.
//
// Run: pnpm -F @platform/h5 repeat-visit            (builds first, like perf)
//      pnpm -F @platform/h5 repeat-visit --no-build (uses apps/server/dist and apps/h5/dist)
import {
  chromiumFlags,
  chromiumPath,
  prepareDist,
  runScript,
  startDemoServer,
  temporaryFolder,
} from "./harness.mjs";

const RUNS = Number(process.env.REPEAT_VISIT_RUNS ?? 5);
const demo = { phone: "13800000002", password: "demo123456" };
const noBuild = process.argv.includes("--no-build");
const phoneConditions = {
  network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  cpuRate: 4,
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

function session({ entries }) {
  for (const [key, value] of entries) localStorage.setItem(key, value);
}

/** Opens /home in a new page of `context`; FCP and the first card's appearance, from navigation start. */
async function visit(context, origin, throttled) {
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", phoneConditions.network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: phoneConditions.cpuRate });
  }
  let fromWorker = 0;
  let fromNetwork = 0;
  page.on("response", (response) => {
    if (response.fromServiceWorker()) fromWorker += 1;
    else fromNetwork += 1;
  });
  await page.goto(`${origin}/home`, { timeout: 60_000 });
  await page
    .getByRole("list", { name: "视频列表" })
    .getByRole("listitem")
    .first()
    .waitFor({ timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    card: performance.now(),
  }));
  return { page, ...timing, fromWorker, fromNetwork };
}

async function main() {
  const temp = temporaryFolder("h5-repeat-visit-");
  const dist = prepareDist(temp, noBuild);
  const { chromium } = await import("playwright-core");
  const { origin, signIn } = await startDemoServer(temp, dist);
  const { entries } = await signIn(demo);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const phone = {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "zh-CN",
  };
  const results = { fast: { first: [], repeat: [] }, throttled: { first: [], repeat: [] } };
  let worker = "";
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of ["fast", "throttled"]) {
        const context = await browser.newContext(phone);
        await context.addInitScript(session, { entries });
        const first = await visit(context, origin, mode === "throttled");
        // The worker registers 5 s after load; wait until it controls the page (precache done).
        await first.page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (navigator.serviceWorker.controller === null) {
            await new Promise((resolve) => {
              navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
            });
          }
        });
        await first.page.close();
        const repeat = await visit(context, origin, mode === "throttled");
        results[mode].first.push(first);
        results[mode].repeat.push(repeat);
        worker = `${repeat.fromWorker} of ${repeat.fromWorker + repeat.fromNetwork} responses from the worker`;
        await context.close();
      }
      console.log(`run ${run + 1} done`);
    }
  } finally {
    await browser.close();
  }
  console.log(`\n/home, signed in, median of ${RUNS} (ms from navigation start):`);
  console.log("                                     FCP   first card");
  for (const mode of ["fast", "throttled"]) {
    for (const kind of ["first", "repeat"]) {
      const rows = results[mode][kind];
      const label = `${kind === "first" ? "first visit " : "repeat visit"} ${mode === "fast" ? "(localhost)" : "(150 ms, 1.6 Mbps, 4× CPU)"}`;
      console.log(
        `  ${label.padEnd(40)} ${ms(median(rows.map((r) => r.fcp))).padStart(7)} ${ms(median(rows.map((r) => r.card))).padStart(9)}`,
      );
    }
  }
  console.log(`  last repeat visit: ${worker}`);
}

await runScript("repeat-visit", main);
