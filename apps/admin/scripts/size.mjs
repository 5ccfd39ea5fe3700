// The size budget of the console's first load (Step 22; part of the test command), as the H5
// app's routes have theirs: the scripts a cold visit to /admin/ loads before the sign-in or the
// dashboard shows — the entry and what it imports, the default language's catalogs (the main one,
// the console's and the server's refusals: main.tsx loads them before the first render) and the
// dashboard's chunk — as gzip -9 bytes, read from the build's manifest. Over budget fails.
// Run after `vite build`: pnpm -F @platform/admin size
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const KiB = 1024;
/** KiB of gzip (Step 22 measured 143.4: React 19, TanStack Router, Query and Table, lingui, ky). */
const BUDGET = 147;
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const closure = (key, into = new Set()) => {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`the manifest has no ${key}: is dist a current build?`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
};
const keys = new Set();
closure("index.html", keys);
const locales = "../../packages/i18n/src/locales/zh-CN/";
for (const catalog of ["messages.ts", "admin.ts", "server.ts"]) closure(`${locales}${catalog}`, keys);
closure("src/areas/Dashboard.tsx", keys);
let bytes = 0;
for (const key of keys) bytes += gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const kib = bytes / KiB;
const line = `/admin/ first load: ${kib.toFixed(1)} KiB gzip (budget ${String(BUDGET)} KiB, ${String(keys.size)} scripts)`;
if (kib > BUDGET) {
  console.error(`${line}: OVER BUDGET`);
  process.exit(1);
}
console.log(line);
