// The copy detector of `pnpm lint` and the test command: jscpd over apps/, packages/ and tooling/
// (settings in .jscpd.json). It fails when the tree holds more clones than the budget below, so the
// count can only fall: lower the budget when you remove clones (the tree had 14 before Step 10 and
// 6 after it). Over the budget (or with --list) it prints every clone, so the place to fix is named.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BUDGET = 6;

const out = mkdtempSync(join(tmpdir(), "jscpd-"));
try {
  execFileSync("pnpm", ["exec", "jscpd", "--silent", "--reporters", "json", "--output", out], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const report = JSON.parse(readFileSync(join(out, "jscpd-report.json"), "utf8"));
  const clones = report.duplicates;
  const list = clones.length > BUDGET || process.argv.includes("--list");
  for (const d of list ? clones : []) {
    const a = d.firstFile;
    const b = d.secondFile;
    console.log(`clone (${d.lines} lines): ${a.name}:${a.start}-${a.end} ~ ${b.name}:${b.start}-${b.end}`);
  }
  const total = report.statistics.total;
  console.log(
    `jscpd: ${clones.length} clones (budget ${BUDGET}), ${total.duplicatedLines} duplicated lines of ${total.lines} (${total.percentage} %) in ${total.sources} files`,
  );
  if (clones.length > BUDGET) {
    console.error(
      `jscpd: ${clones.length} clones is over the budget of ${BUDGET}: make one piece of code serve.`,
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
