// Prints vitest's own counts as the run's last line ("tests: N passed, N failed, N skipped"),
// after the coverage report that vitest prints below its summary, and exits with vitest's status.
import { readFileSync } from "node:fs";

const [file, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 1);
let results;
try {
  results = JSON.parse(readFileSync(file, "utf8"));
} catch {
  console.log("tests: 0 passed, 1 failed (vitest wrote no results)");
  process.exit(status || 1);
}
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`);
process.exit(status);
