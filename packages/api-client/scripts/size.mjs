// Prints the min+gzip size of the main entry as a browser bundle gets it (ky and @platform/domain
// included, jsencrypt left to its own dynamically imported chunk) and checks that neither jsencrypt
// nor the zod schemas ride along. Budget: 16 KB (15 KB until Step 15: the endpoint table grows with
// every call the product serves, 1.7 KB min+gz for its 107 calls; see docs/perf.md, Step 15).
// Run: pnpm -F @platform/api-client size
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

const BUDGET = 16 * 1024;

async function bundle(entry, splitting) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["@platform/source"],
    write: false,
    splitting,
    outdir: "out",
    metafile: true,
    logLevel: "silent",
  });
  return result;
}

const main = await bundle("src/index.ts", true);
const entry = main.outputFiles.find((f) => f.path.endsWith("/index.js"));
const chunks = main.outputFiles.filter((f) => f !== entry);
const gz = gzipSync(entry.contents, { level: 9 }).length;
const inputs = Object.keys(
  main.metafile.outputs[Object.keys(main.metafile.outputs).find((k) => k.endsWith("index.js"))].inputs,
);
const entryText = entry.text;

const jsencryptInEntry = inputs.some((i) => i.includes("jsencrypt")) || /RSAKey|BigInteger/.test(entryText);
const zodInEntry = inputs.some((i) => i.includes("/zod/")) || /ZodError|\$ZodType/.test(entryText);
const jsencryptChunk = chunks.find((c) => /RSAKey|encryptOAEP/.test(c.text));

const contract = await bundle("src/contract/index.ts", false);
const contractGz = gzipSync(contract.outputFiles[0].contents, { level: 9 }).length;

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log(
  `main entry (index.js)       ${kb(entry.contents.length)} min, ${kb(gz)} min+gz  (budget ${kb(BUDGET)})`,
);
if (jsencryptChunk) {
  console.log(
    `jsencrypt (lazy chunk)      ${kb(gzipSync(jsencryptChunk.contents, { level: 9 }).length)} min+gz, loaded only to encrypt a password`,
  );
}
console.log(`contract (schemas, server)  ${kb(contractGz)} min+gz, not part of the main entry`);
console.log(
  `jsencrypt in main entry: ${jsencryptInEntry ? "YES" : "no"}; zod in main entry: ${zodInEntry ? "YES" : "no"}`,
);

const failures = [];
if (gz > BUDGET) failures.push(`main entry is ${kb(gz)}, over the ${kb(BUDGET)} budget`);
if (jsencryptInEntry) failures.push("jsencrypt is bundled into the main entry");
if (zodInEntry) failures.push("zod schemas are bundled into the main entry");
if (!jsencryptChunk) failures.push("jsencrypt did not end up in a lazy chunk");
if (failures.length > 0) {
  for (const f of failures) console.error(`size: ${f}`);
  process.exit(1);
}
