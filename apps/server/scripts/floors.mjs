// The figures of the server's floors (decision 0028): imports that run back up, imports against the
// module order, circles of files, pairs of modules importing each other, and the longest functions
// outside the seed. `node scripts/floors.mjs` from apps/server (`--list` names every finding).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { backUpImports, fileCircles, importGraph, moduleOrderBreaks, modulePairs } from "../floors.js";

const src = new URL("../src", import.meta.url).pathname;
const list = process.argv.includes("--list");
const edges = importGraph(src);

/** Lines of a function as ESLint's max-lines-per-function counts them (no blank or comment-only lines). */
function codeLines(text) {
  const noComments = text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/\/\/.*$/gm, "");
  return noComments.split("\n").filter((line) => line.trim() !== "").length;
}

function functionsOf(file) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const name = node.name?.getText(source) ?? node.parent?.name?.getText?.(source) ?? "(anonymous)";
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ name, at: `${relative(src, file)}:${line}`, lines: codeLines(node.getText(source)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sources = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return p.endsWith("/seed") ? [] : sources(p);
    return p.endsWith(".ts") && !p.endsWith(".test.ts") && !p.endsWith(".d.ts") ? [p] : [];
  });
const functions = sources(src)
  .flatMap(functionsOf)
  .sort((a, b) => b.lines - a.lines);

const back = backUpImports(edges);
const order = moduleOrderBreaks(edges);
const circles = fileCircles(edges);
const pairs = modulePairs(edges);
console.log(`imports between files of src/ (tests aside): ${edges.length}`);
console.log(`imports running back up a floor:              ${back.length}`);
if (list) for (const e of back) console.log(`  ${e.from} → ${e.to}`);
console.log(`imports against the module order:             ${order.length}`);
if (list) for (const e of order) console.log(`  ${e.from} → ${e.to}`);
console.log(`file circles:                                  ${circles.length}`);
if (list) for (const c of circles) console.log(`  ${c.join(" ↔ ")}`);
console.log(
  `module pairs importing each other:             ${pairs.length}${pairs.length ? ` (${pairs.join(", ")})` : ""}`,
);
console.log(
  `functions outside src/seed over 150 lines:     ${functions.filter((f) => f.lines > 150).length}`,
);
for (const f of functions.slice(0, list ? 10 : 3)) console.log(`  ${f.lines} lines: ${f.name} (${f.at})`);
