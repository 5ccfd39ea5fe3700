// The size budget of each route's first load (Step 13; part of the test command): reads the built
// app's manifest (dist/.vite/manifest.json, `vite build` with `build.manifest`) and adds up, per
// route, the scripts a cold visit loads before the screen shows — index.html's entry and what it
// imports (transitively), the default language's catalog (the boot script preloads it), and the
// route's split component chunk with what it imports — as gzip -9 bytes of each file. A route over
// its budget fails the command (exit code 1). The Lighthouse figures of `pnpm perf` measure the same
// thing in a browser (and add what loads later, after idle).
// Run after `vite build`: pnpm -F @platform/h5 size
import { fileURLToPath } from "node:url";
import { KiB, firstLoad } from "../../../scripts/first-load.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
/**
 * Budgets in KiB of gzip: Step 13's target for /home is 120 KiB, which React 19, TanStack Router
 * and Query, ky and the api-client alone exceed (docs/perf.md, Step 13); the budgets hold each
 * route where Step 13 left it (a little headroom), so no change can grow it unnoticed. Step 19
 * raised /login (158 → 159) and /videoview (177 → 179) by what must work with no network at all —
 * the app's own error screen with its retry, the offline notice, browser-language detection — and
 * the units of money; /home stayed within its 160 (docs/perf.md, Step 19).
 */
const budgets = {
  "/login": 159,
  "/home": 160,
  "/videoview": 179,
};
/** The split component chunk of each route (TanStack Router's `?tsr-split=component`). */
const routeChunk = (path) => `src/routes${path}.tsx?tsr-split=component`;
const catalog = "../../packages/i18n/src/locales/zh-CN/messages.ts";

const { closure, scripts } = firstLoad(dist);

let failed = false;
console.log("first-load JavaScript per route (gzip -9), budget per route:");
for (const [path, budget] of Object.entries(budgets)) {
  const keys = closure(routeChunk(path), closure(catalog, closure("index.html")));
  const { files, bytes } = scripts(keys);
  const over = bytes > budget * KiB;
  failed ||= over;
  console.log(
    `  ${path.padEnd(11)} ${`${(bytes / KiB).toFixed(1)} KiB`.padStart(10)} in ${String(files.length).padStart(2)} scripts` +
      `  budget ${budget} KiB  ${over ? "OVER BUDGET" : "ok"}`,
  );
}
if (failed) {
  console.error(
    "a route's first load is over its budget: see which chunk grew with `pnpm -F @platform/h5 perf`",
  );
  process.exit(1);
}
