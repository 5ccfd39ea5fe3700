// Chromium's launch flags, written once for everything that starts it here: the measuring scripts
// (harness.mjs: perf, first-frame) and the end-to-end journeys (e2e/browser.ts).

/** The flags docs/architecture.md lists (Browser), verified on these machines. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Pages opened by URL (no tap before them): lets the player start with sound as it does after a
 * person's tap in the app.
 */
export const autoplayFlag = "--autoplay-policy=no-user-gesture-required";
