// @ts-check
/**
 * The server's floors and the order of its modules (docs/decisions/0028-server-floors-one-way.md),
 * and the import graph of src/ they are checked against. layers.js turns the floors and the order
 * into lint rules; src/layers.test.ts reads the graph for what a lint rule cannot see (circles of
 * files, pairs of modules importing each other); scripts/floors.mjs prints the figures.
 *
 * The graph is read with a regular expression over import lines (static `import … from`,
 * `export … from`, and `import("…")`), type-only imports included: a circle of types is still a
 * circle to a reader. Tests (`*.test.ts`) sit above every floor and are left out.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The floors, from the bottom. A file may import its own floor and the floors below; `beside`
 * names a floor at the same height it may not import either (the sandbox and the modules). The
 * settings (env.ts, env/, secrets.ts) share the HTTP layer's floor: each adapter owns its settings
 * type (providers/, http/security-headers.ts), and the context carries what they settle.
 * @type {readonly { name: string; paths: readonly string[]; beside?: string }[]}
 */
export const FLOORS = [
  { name: "base", paths: ["db/", "security/", "jobs/", "media/", "providers/"] },
  { name: "http", paths: ["http/", "context.ts", "cache.ts", "env.ts", "env/", "secrets.ts"] },
  { name: "modules", paths: ["modules/"], beside: "sandbox" },
  { name: "sandbox", paths: ["sandbox/"], beside: "modules" },
  { name: "seed", paths: ["seed/"] },
  { name: "root", paths: ["app.ts", "server.ts", "index.ts", "cli.ts"] },
];

/**
 * The modules, from the bottom: a module may import the modules before it, never one after it.
 * Where a lower module needs a higher one, a port on AppContext (context.ts) carries the call.
 */
export const MODULE_ORDER = [
  "ledger",
  "user",
  "auth",
  "game",
  "trade",
  "upload",
  "substance",
  "posting",
  "media",
  "live",
  "contacts",
  "search",
  "system",
  "marketing",
  "tracking",
  "admin",
];

/** @param {string} file a path under src/, with forward slashes */
export function floorOf(file) {
  const index = FLOORS.findIndex((f) =>
    f.paths.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p)),
  );
  return index;
}

/** @param {string} file */
export function moduleOf(file) {
  const match = /^modules\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

const IMPORT =
  /(?:^|\n)[ \t]*(?:import|export)\b[^"';]*?\bfrom[ \t]*["']([^"']+)["']|\bimport\([ \t]*["']([^"']+)["'][ \t]*\)/g;

/** The relative specifiers a file's text imports, one per import statement. @param {string} code */
export function importsIn(code) {
  return [...code.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? "").filter((s) => s.startsWith("."));
}

/** @param {string} dir @returns {string[]} */
function sourcesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every import between the source files of `srcDir` (one edge per import statement).
 * @param {string} srcDir
 * @returns {{ from: string; to: string }[]}
 */
export function importGraph(srcDir) {
  const root = resolve(srcDir);
  const name = (/** @type {string} */ path) => relative(root, path).split(sep).join("/");
  return sourcesUnder(root).flatMap((file) =>
    importsIn(readFileSync(file, "utf8")).flatMap((specifier) => {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ""));
      const target = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p));
      return target ? [{ from: name(file), to: name(target) }] : [];
    }),
  );
}

/**
 * The imports that run back up: into a higher floor, or across to the floor beside.
 * @param {readonly { from: string; to: string }[]} edges
 */
export function backUpImports(edges) {
  return edges.filter(({ from, to }) => {
    const [a, b] = [floorOf(from), floorOf(to)];
    if (a < 0 || b < 0) return false;
    return b > a || FLOORS[a]?.beside === FLOORS[b]?.name;
  });
}

/**
 * Imports from a module to one later in MODULE_ORDER (a module missing from the order counts as
 * the highest, so a new module must be placed).
 * @param {readonly { from: string; to: string }[]} edges
 */
export function moduleOrderBreaks(edges) {
  const rank = (/** @type {string} */ m) =>
    MODULE_ORDER.includes(m) ? MODULE_ORDER.indexOf(m) : MODULE_ORDER.length;
  return edges.filter(({ from, to }) => {
    const [a, b] = [moduleOf(from), moduleOf(to)];
    return a !== null && b !== null && a !== b && rank(b) >= rank(a);
  });
}

/**
 * Pairs of modules that import each other, as "a↔b" (sorted).
 * @param {readonly { from: string; to: string }[]} edges
 */
export function modulePairs(edges) {
  const links = new Set();
  for (const { from, to } of edges) {
    const [a, b] = [moduleOf(from), moduleOf(to)];
    if (a !== null && b !== null && a !== b) links.add(`${a}→${b}`);
  }
  const pairs = new Set();
  for (const link of links) {
    const [a = "", b = ""] = link.split("→");
    if (links.has(`${b}→${a}`)) pairs.add([a, b].sort().join("↔"));
  }
  return [...pairs].sort();
}

/**
 * The circles of files: each strongly connected set of two or more files (or a file importing
 * itself), found by Tarjan's algorithm; each circle as its sorted files.
 * @param {readonly { from: string; to: string }[]} edges
 * @returns {string[][]}
 */
export function fileCircles(edges) {
  /** @type {Map<string, Set<string>>} */
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)?.add(to);
  }
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const circles = [];
  let counter = 0;
  /** @param {string} v */
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    /** @type {string[]} */ const members = [];
    let w;
    do {
      w = stack.pop() ?? v;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1 || next.get(v)?.has(v)) circles.push(members.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return circles;
}
