// Prints vitest's own counts as the run's last line ("tests: N passed, N failed, N skipped"),
// after the coverage report that vitest prints below its summary, and exits with vitest's status.
// Above it, one line per tier (unit, integration, fuzz, e2e): tests and the files' summed time.
// Usage: closing-line.mjs <results.json>… <status>: the JSON reports of the command's vitest runs
// (the unit tier with coverage, then the long tiers: decision 0004), added together.
import { readFileSync } from "node:fs";

/** Tests the whole command ran at the last step (Step 19's count), to compare against. */
const BEFORE = { step: 19, tests: 2381 };
// The server's tiers are defined once, in apps/server/test/tiers.ts (Node 24 strips its types).
const { fuzzFiles, unitFiles } = await import("../apps/server/test/tiers.ts");

const args = process.argv.slice(2);
const status = Number(args.at(-1) ?? 1);
const files = args.slice(0, -1);
/** The runs' reports added together; null when one of them was not written. */
function readAll() {
  const all = {
    testResults: [],
    numTotalTests: 0,
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
  };
  for (const file of files) {
    let one;
    try {
      one = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return null;
    }
    all.testResults.push(...(one.testResults ?? []));
    for (const key of [
      "numTotalTests",
      "numPassedTests",
      "numFailedTests",
      "numPendingTests",
      "numTodoTests",
    ])
      all[key] += one[key] ?? 0;
  }
  return all;
}
const results = files.length === 0 ? null : readAll();
if (results === null) {
  console.log("tests: 0 passed, 1 failed (vitest wrote no results)");
  process.exit(status || 1);
}

function tierOf(path) {
  if (path.includes("/apps/h5/e2e/")) return "e2e";
  const inServer = (files) => files.some((f) => path.endsWith(`/apps/server/${f}`));
  if (inServer(fuzzFiles)) return "fuzz";
  if (path.includes("/apps/server/")) return inServer(unitFiles) ? "unit" : "integration";
  return "unit";
}

const tiers = new Map();
for (const suite of results.testResults ?? []) {
  const tier = tiers.get(tierOf(suite.name)) ?? { tests: 0, files: 0, ms: 0 };
  tier.files += 1;
  tier.tests += suite.assertionResults?.length ?? 0;
  tier.ms += Math.max(0, (suite.endTime ?? 0) - (suite.startTime ?? 0));
  tiers.set(tierOf(suite.name), tier);
}
for (const name of ["unit", "integration", "fuzz", "e2e"]) {
  const t = tiers.get(name);
  if (t)
    console.log(
      `  ${name.padEnd(12)} ${String(t.tests).padStart(5)} tests in ${String(t.files).padStart(3)} files, ${(t.ms / 1000).toFixed(0)} s of file time`,
    );
}
const total = results.numTotalTests;
console.log(`  ${total} tests in all (Step ${BEFORE.step}: ${BEFORE.tests})`);
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`);
process.exit(status);
