// The first load of a Vite build, read from its manifest (dist/.vite/manifest.json, `build.manifest`):
// what a chunk imports statically, transitively, and each file's gzip -9 size. The size budgets of
// the H5 app's routes and of the operators' console (each app's scripts/size.mjs) read it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const KiB = 1024;

/** A build's manifest: `closure(key)` adds a chunk and its static imports; `bytes(keys)` sums their scripts. */
export function firstLoad(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
  const gzipped = new Map();
  const gzipOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the manifest has no ${key}: is dist a current build?`);
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  /** The scripts of these chunks and their gzip -9 bytes. */
  const scripts = (keys) => {
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
    return { files, bytes: files.reduce((sum, file) => sum + gzipOf(file), 0) };
  };
  return { closure, scripts };
}
