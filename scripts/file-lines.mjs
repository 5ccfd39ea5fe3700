// No file under an app's or a package's src/ is longer than 400 lines (the Step 10 rule, checked
// since Step 20): code, tests and styles alike; generated files aside (`*.gen.*`, the catalogs in
// locales/). Part of `pnpm lint` and the test command. It lists every file over the limit, longest
// first, and exits 1; nothing is allowed to stay over it, so split a file before it grows past 400.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const LIMIT = 400;
const checked = /^(apps|packages|tooling)\/[^/]+\/src\/.*\.(ts|tsx|js|mjs|cjs|css)$/;
const generated = /\.gen\.[^/]+$|\/locales\//;

// Tracked files and new ones not ignored: what the next commit can hold.
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((file) => checked.test(file) && !generated.test(file));

const lines = (file) => {
  try {
    const text = readFileSync(file, "utf8");
    return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  } catch {
    return 0; // deleted in the work tree, not yet in the index
  }
};
const over = files
  .map((file) => ({ file, lines: lines(file) }))
  .filter((f) => f.lines > LIMIT)
  .sort((a, b) => b.lines - a.lines);

for (const f of over) console.log(`${String(f.lines).padStart(5)}  ${f.file}`);
console.log(`file lines: ${over.length} of ${files.length} files in src/ over ${LIMIT} lines`);
if (over.length > 0) {
  console.error(`file lines: split the files above: none in src/ may pass ${LIMIT} lines.`);
  process.exitCode = 1;
}
