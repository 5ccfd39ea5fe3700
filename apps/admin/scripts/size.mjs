// The size budget of the console's first load (Step 22; part of the test command), as the H5
// app's routes have theirs: the scripts a cold visit to /admin/ loads before the sign-in or the
// dashboard shows — the entry and what it imports, the default language's catalogs (the main one,
// the console's and the server's refusals: main.tsx loads them before the first render) and the
// dashboard's chunk — as gzip -9 bytes, read from the build's manifest. Over budget fails.
// Run after `vite build`: pnpm -F @platform/admin size
import { fileURLToPath } from "node:url";
import { KiB, firstLoad } from "../../../scripts/first-load.mjs";

/** KiB of gzip (Step 22 measured 143.4: React 19, TanStack Router, Query and Table, lingui, ky). */
const BUDGET = 147;
const { closure, scripts } = firstLoad(fileURLToPath(new URL("../dist/", import.meta.url)));
const keys = closure("index.html");
const locales = "../../packages/i18n/src/locales/zh-CN/";
for (const catalog of ["messages.ts", "admin.ts", "server.ts"]) closure(`${locales}${catalog}`, keys);
closure("src/areas/Dashboard.tsx", keys);
const { files, bytes } = scripts(keys);
const line = `/admin/ first load: ${(bytes / KiB).toFixed(1)} KiB gzip (budget ${String(BUDGET)} KiB, ${String(files.length)} scripts)`;
if (bytes > BUDGET * KiB) {
  console.error(`${line}: OVER BUDGET`);
  process.exit(1);
}
console.log(line);
