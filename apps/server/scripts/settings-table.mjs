// The README's settings table, made from the settings' schemas (src/env/*.ts): printed, or with
// `--write` put into apps/server/README.md between its markers (`pnpm -F @platform/server
// settings-table [--write]`). src/env/table.test.ts fails while the README's table differs.
//
// The schemas are TypeScript: they are bundled first (esbuild through tsup, about a second, the
// workspace packages from their sources) into .cache/, where zod resolves from this package.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "tsup";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = `${root}.cache/settings-table`;
await build({
  config: false,
  entry: { table: `${root}src/env/table.ts` },
  outDir,
  format: ["esm"],
  platform: "node",
  target: "node20",
  silent: true,
  noExternal: [/^@platform\//],
  esbuildOptions(options) {
    options.conditions = ["@platform/source"];
  },
});
const { settingsTable, withTable } = await import(pathToFileURL(`${outDir}/table.js`).href);

const readme = `${root}README.md`;
const table = settingsTable();
if (process.argv.includes("--write")) {
  const before = readFileSync(readme, "utf8");
  const after = withTable(before, table);
  if (after !== before) writeFileSync(readme, after);
  console.log(
    `apps/server/README.md: the settings table ${after === before ? "was up to date" : "is rewritten"}`,
  );
} else {
  console.log(table);
}
