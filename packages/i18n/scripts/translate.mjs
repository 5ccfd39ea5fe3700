// Adds en-US translations to the catalog: `pnpm -F @platform/i18n translate [--overwrite] <file.tsv>…`, each line
// "<zh-CN source>\t<en-US text>" (\n and \t written as escapes). It extracts first, so new
// messages are in the catalogs, fills their msgstr, compiles, and prints what is still missing.
// Several people (or agents) may run it at once: a lock directory makes the runs take turns.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The catalogs of lingui.config.ts (the product's, and the server's refusal sentences). */
const catalogNames = [
  "messages",
  "server",
  "money",
  "library",
  "creation",
  "account",
  "panel",
  "game",
  "live",
  "admin",
];
const poOf = (locale, name) => join(root, `src/locales/${locale}/${name}.po`);
const lock = join(root, ".cache/translate.lock");

const unescape = (s) => s.replace(/\\n/g, "\n").replace(/\\t/g, "\t");
// Only messages without English are filled: the same Chinese in two catalogs (or two screens) may
// have been given different English on purpose. `--overwrite` replaces existing translations too.
const overwrite = process.argv.includes("--overwrite");
const pairs = new Map();
for (const file of process.argv.slice(2).filter((arg) => arg !== "--overwrite")) {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const tab = line.indexOf("\t");
    if (tab < 0) throw new Error(`${file}: no tab in line: ${line}`);
    pairs.set(unescape(line.slice(0, tab)), unescape(line.slice(tab + 1).trim()));
  }
}

mkdirSync(join(root, ".cache"), { recursive: true });
for (let tries = 0; ; tries++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (tries > 600) throw new Error(`lock held too long: remove ${lock} if no run is going`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
try {
  const lingui = join(root, "node_modules/.bin/lingui");
  execFileSync(lingui, ["extract"], { cwd: root, stdio: "ignore" });

  /** A PO string: one or more quoted pieces after the keyword. */
  const readQuoted = (lines, from) => {
    let value = "";
    let i = from;
    for (; i < lines.length && /^\s*"/.test(lines[i].replace(/^msg(id|str)\s+/, "")); i++) {
      value += JSON.parse(lines[i].replace(/^msg(id|str)\s+/, "").trim());
      if (i + 1 < lines.length && !lines[i + 1].startsWith('"')) {
        i++;
        break;
      }
    }
    return [value, i];
  };

  /** msgid → msgstr of a catalog (explicit ids such as "toast.loginSuccess" map to their text). */
  const entriesOf = (path) => {
    const map = new Map();
    for (const block of readFileSync(path, "utf8").split("\n\n")) {
      const lines = block.split("\n");
      const idAt = lines.findIndex((l) => l.startsWith("msgid "));
      const strAt = lines.findIndex((l) => l.startsWith("msgstr "));
      if (idAt < 0 || strAt < 0) continue;
      map.set(readQuoted(lines.slice(idAt, strAt), 0)[0], readQuoted(lines.slice(strAt), 0)[0]);
    }
    return map;
  };
  const zhText = new Map(catalogNames.flatMap((name) => [...entriesOf(poOf("zh-CN", name))]));

  let filled = 0;
  let missing = 0;
  for (const name of catalogNames) {
    const enPo = poOf("en-US", name);
    const blocks = readFileSync(enPo, "utf8").split("\n\n");
    const out = blocks.map((block) => {
      const lines = block.split("\n");
      const idAt = lines.findIndex((l) => l.startsWith("msgid "));
      const strAt = lines.findIndex((l) => l.startsWith("msgstr "));
      if (idAt < 0 || strAt < 0) return block;
      const [id] = readQuoted(lines.slice(idAt, strAt), 0);
      const [str] = readQuoted(lines.slice(strAt), 0);
      // A message with an explicit id (a domain key, "toast.loginSuccess") is matched by its source
      // text only while it has no English yet: the same Chinese in a macro elsewhere must not
      // overwrite a translation that was chosen for it.
      const explicit = zhText.has(id) && zhText.get(id) !== id;
      const en = explicit
        ? str === ""
          ? pairs.get(zhText.get(id) ?? "")
          : undefined
        : str === "" || overwrite
          ? pairs.get(id)
          : undefined;
      if (en !== undefined && en !== str) {
        filled++;
        return [...lines.slice(0, strAt), `msgstr ${JSON.stringify(en)}`].join("\n");
      }
      if (str === "" && id !== "") missing++;
      return block;
    });
    writeFileSync(enPo, out.join("\n"));
  }
  execFileSync(lingui, ["extract"], { cwd: root, stdio: "ignore" });
  console.log(`translate: ${filled} filled, ${missing} en-US messages still without a translation`);
  if (missing > 0) {
    for (const name of catalogNames) {
      const text = readFileSync(poOf("en-US", name), "utf8");
      for (const m of text.matchAll(/msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""\n/g))
        if (m[1] !== '""') console.log(`  missing: ${m[1]}`);
    }
  }
  execFileSync(lingui, ["compile"], { cwd: root, stdio: "ignore" });
} finally {
  rmSync(lock, { recursive: true, force: true });
}
