import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The English catalog, read as a whole (Step 19): every sentence, button and status starts with a
 * capital letter, counts go through ICU plurals ("1 video", "2 videos"), and none of the words a
 * new user tripped over come back ('Goto', 'gold shells', 'ID card' for the app's own card).
 */
const folder = fileURLToPath(new URL("./locales/en-US/", import.meta.url));

interface Entry {
  readonly file: string;
  readonly id: string;
  readonly text: string;
}

function unescape(value: string): string {
  return value.replace(/\\"/g, '"').replace(/\\\\/g, "\\");
}

const entries: Entry[] = readdirSync(folder)
  .filter((name) => name.endsWith(".po"))
  .flatMap((file) => {
    const text = readFileSync(join(folder, file), "utf8");
    return [...text.matchAll(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g)]
      .map((m) => ({ file, id: unescape(m[1] ?? ""), text: unescape(m[2] ?? "") }))
      .filter((entry) => entry.id !== "" && entry.text !== "");
  });

/**
 * What a reader sees first: tags, quotes and symbols skipped. A sentence that starts with a value
 * ("{count} unread", "3 days") starts with that value, so it has no first letter to check.
 */
function firstWord(text: string): string {
  return text.replace(/^(<\/?\d+>|[\s"“(¥…·–—])+/u, "");
}

/** Sentences that rightly start in lower case (a brand, a unit after a number, an abbreviation). */
const lowerCaseAllowed = new Set([
  "e.g. Shenzhen, Guangdong",
  "e.g. Industrial and Commercial Bank of China",
]);

/** Words that are only ever put inside a sentence (a unit, a payment's state after "is"). */
const insideSentences = new Set([
  "unit.yuan",
  "server.sandboxPaymentFailed",
  "server.sandboxPaymentPaid",
  "server.sandboxPaymentProcessing",
  "server.sandboxPaymentRefunded",
]);

/** A number placeholder followed by an English plural noun, outside an ICU plural. */
const countNouns =
  /\{(count|videos|days|remainDays|forfeits|deletingCount|missing|minutes|hours|seconds)\} (videos|days|parts|uploads|minutes|hours|seconds|entries|tags)\b/;

describe("the English catalog", () => {
  it("was read: it has sentences in every file", () => {
    expect(entries.length).toBeGreaterThan(1000);
  });

  it("starts every sentence, button and status with a capital letter", () => {
    const lower = entries.filter((entry) => {
      const first = firstWord(entry.text);
      return /^\p{Ll}/u.test(first) && !lowerCaseAllowed.has(entry.text) && !insideSentences.has(entry.id);
    });
    expect(lower.map((entry) => `${entry.file} ${entry.id} → ${entry.text}`)).toEqual([]);
  });

  it("says counts through ICU plurals", () => {
    const bare = entries.filter((entry) => countNouns.test(entry.text) && !entry.text.includes("plural,"));
    expect(bare.map((entry) => `${entry.file} ${entry.id} → ${entry.text}`)).toEqual([]);
  });

  it("has none of the words a new user tripped over", () => {
    const words = [/\bGoto\b/i, /gold shells?/i, /\bID card\b/];
    const found = entries.filter((entry) => words.some((word) => word.test(entry.text)));
    expect(found.map((entry) => `${entry.file} ${entry.id} → ${entry.text}`)).toEqual([]);
  });
});
