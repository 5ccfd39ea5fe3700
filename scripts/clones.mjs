// The copy detector of `pnpm lint` and the test command: jscpd over apps/, packages/ and tooling/
// (settings in .jscpd.json), once over the TypeScript and JavaScript and once over the CSS. A CSS
// token is smaller than a TypeScript one (`gap: var(--pf-space-2);` is seven), so the CSS pass
// looks for runs of 30 tokens (about five declarations) where the code's looks for 50. It fails
// when the tree holds more clones, both passes together, than the budget below, so the count can
// only fall: lower the budget when you remove clones (14 before Step 10, 6 after it; Step 20 added
// the CSS, 33 pairs, and folded them to 1). Over the budget (or with --list) it prints every clone,
// so the place to fix is named.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BUDGET = 6;

/** The passes: their name and what they add to .jscpd.json's settings. */
const passes = [
  { name: "TypeScript", options: [] },
  { name: "CSS", options: ["--format", "css", "--min-tokens", "30"] },
];

function clonesOf(options) {
  const out = mkdtempSync(join(tmpdir(), "jscpd-"));
  try {
    execFileSync("pnpm", ["exec", "jscpd", "--silent", "--reporters", "json", "--output", out, ...options], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    return JSON.parse(readFileSync(join(out, "jscpd-report.json"), "utf8"));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const reports = passes.map((pass) => ({ ...pass, report: clonesOf(pass.options) }));
const count = reports.reduce((sum, { report }) => sum + report.duplicates.length, 0);
const list = count > BUDGET || process.argv.includes("--list");
for (const { report } of reports) {
  for (const d of list ? report.duplicates : []) {
    const a = d.firstFile;
    const b = d.secondFile;
    console.log(`clone (${d.lines} lines): ${a.name}:${a.start}-${a.end} ~ ${b.name}:${b.start}-${b.end}`);
  }
}
const each = reports.map(({ name, report }) => {
  const total = report.statistics.total;
  return `${name} ${report.duplicates.length} (${total.duplicatedLines} of ${total.lines} lines in ${total.sources} files)`;
});
console.log(`jscpd: ${count} clones (budget ${BUDGET}): ${each.join("; ")}`);
if (count > BUDGET) {
  console.error(`jscpd: ${count} clones is over the budget of ${BUDGET}: make one piece of code serve.`);
  process.exitCode = 1;
}
