// What a home screen costs: bundles the components the app's home screen imports from the built
// package (dist, lingui macros already compiled), minified, React left out, and prints the min+gzip
// bytes of everything loaded up front. Budget 40 KB. It also checks that shaka-player (the player)
// and jsqr (the QR reader) are reachable only through dynamic imports: their chunks load when a
// player mounts or a scan starts, never with the home screen.
// Run after `pnpm -F @platform/ui build`: pnpm -F @platform/ui size
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET = 40 * 1024;
/**
 * The home screen: tab bar, header, the classification tabs, the video grid with its states, toasts,
 * dialogs, the 'my' panel.
 */
const HOME_IMPORTS = [
  "ToastProvider",
  "TabBar",
  "PageHeader",
  "Tabs",
  "VideoGrid",
  "VideoGridCard",
  "VideoGridCardSkeleton",
  "InfiniteList",
  "EmptyState",
  "Dialog",
  "TipDialog",
  "MyPanel",
  "SwitchAccountPanel",
];

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

async function bundle(importLine) {
  return build({
    stdin: { contents: `${importLine}\nconsole.log(x);`, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    splitting: true,
    outdir: "out",
    write: false,
    metafile: true,
    external: ["react", "react-dom", "react/jsx-runtime", "react-dom/client"],
    logLevel: "silent",
  });
}

/** Output files loaded with the entry (static imports, transitively) and the ones behind import(). */
function reachability(result) {
  const outputs = result.metafile.outputs;
  // The bundle's own entry (stdin): chunks behind import() have an entryPoint too, and their order
  // in the metafile is not fixed (Step 11: a new lazy chunk put jsqr's first).
  const entryKey = Object.keys(outputs).find((k) => outputs[k].entryPoint === "<stdin>");
  const eager = new Set();
  const visit = (key) => {
    if (eager.has(key)) return;
    eager.add(key);
    for (const imp of outputs[key].imports)
      if (imp.kind === "import-statement" && outputs[imp.path]) visit(imp.path);
  };
  visit(entryKey);
  const files = new Map(result.outputFiles.map((f) => [f.path.slice(f.path.indexOf("/out/") + 1), f]));
  const fileOf = (key) => files.get(key) ?? [...files.entries()].find(([p]) => key.endsWith(p))?.[1];
  const inputsOf = (key) => Object.keys(outputs[key].inputs);
  return { outputs, eager, fileOf, inputsOf };
}

const home = await bundle(
  `import { ${HOME_IMPORTS.join(", ")} } from "./dist/index.js"; const x = [${HOME_IMPORTS.join(", ")}];`,
);
const h = reachability(home);
let homeBytes = 0;
let homeGz = 0;
const failures = [];
for (const key of h.eager) {
  const file = h.fileOf(key);
  if (!file || !key.endsWith(".js")) continue;
  homeBytes += file.contents.length;
  homeGz += gz(file.contents);
  for (const input of h.inputsOf(key)) {
    if (/node_modules\/(\.pnpm\/)?shaka-player/.test(input))
      failures.push(`shaka-player loads with the home screen (${input})`);
    if (/node_modules\/(\.pnpm\/)?jsqr/.test(input))
      failures.push(`jsqr loads with the home screen (${input})`);
  }
}

const everything = await bundle(`import * as x from "./dist/index.js";`);
const e = reachability(everything);
const lazy = [];
for (const key of Object.keys(e.outputs)) {
  if (!key.endsWith(".js")) continue;
  const inputs = e.inputsOf(key);
  const heavy = inputs.find((i) => /shaka-player|jsqr/.test(i));
  const file = e.fileOf(key);
  if (heavy && file) {
    const name = heavy.includes("shaka") ? "shaka-player" : "jsqr";
    if (e.eager.has(key)) failures.push(`${name} is imported statically by the package entry`);
    lazy.push(
      `${name.padEnd(13)} ${kb(gz(file.contents))} min+gz, ${e.eager.has(key) ? "STATIC" : "dynamic import only"}`,
    );
  }
}
if (!lazy.some((l) => l.startsWith("shaka-player")))
  failures.push("no shaka-player chunk found: is the player built?");
if (!lazy.some((l) => l.startsWith("jsqr"))) failures.push("no jsqr chunk found: is the QR reader built?");
let allGz = 0;
for (const key of e.eager) {
  const file = e.fileOf(key);
  if (file && key.endsWith(".js")) allGz += gz(file.contents);
}
const cssGz = gz(readFileSync("dist/index.css"));

console.log(
  `home screen imports (${HOME_IMPORTS.length} components, lingui and domain included, React excluded)`,
);
console.log(`  ${kb(homeBytes)} min, ${kb(homeGz)} min+gz  (budget ${kb(BUDGET)})`);
console.log(`whole package entry, eager part: ${kb(allGz)} min+gz; styles (dist/index.css): ${kb(cssGz)} gz`);
for (const line of lazy) console.log(`  ${line}`);
if (homeGz > BUDGET) failures.push(`home screen imports are ${kb(homeGz)}, over the ${kb(BUDGET)} budget`);
if (failures.length > 0) {
  for (const f of failures) console.error(`size: ${f}`);
  process.exit(1);
}
console.log("size: ok");
