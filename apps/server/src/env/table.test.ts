import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { settingGroups, settingsTable, tableEnd, tableStart } from "./table";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** A Markdown table's cells, whatever their padding (the delimiter row left out). */
function cellsOf(table: string): string[][] {
  return table
    .trim()
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((cell) => cell.trim()),
    )
    .filter((row) => !row.every((cell) => /^-+$/.test(cell)));
}

const names = settingGroups.flatMap((group) => group.settings.map((setting) => setting.name));

describe("the README's settings table", () => {
  it("is the one the schemas make", () => {
    const start = readme.indexOf(tableStart);
    const end = readme.indexOf(tableEnd);
    expect(start, `apps/server/README.md needs ${tableStart} … ${tableEnd}`).toBeGreaterThan(0);
    expect(
      cellsOf(readme.slice(start + tableStart.length, end)),
      "apps/server/README.md's settings table differs from src/env/*.ts: run `pnpm -F @platform/server settings-table --write`",
    ).toEqual(cellsOf(settingsTable()));
  });

  it("names each variable once, with a default and a meaning that fit in a cell", () => {
    expect(new Set(names).size).toBe(names.length);
    for (const setting of settingGroups.flatMap((group) => group.settings)) {
      expect(setting.default, setting.name).not.toBe("");
      expect(setting.description, setting.name).not.toBe("");
      expect(`${setting.default}${setting.description}`, setting.name).not.toMatch(/[|\n]/);
    }
  });

  it("shows each fixed default as the value the schema falls back to", () => {
    for (const setting of settingGroups.flatMap((group) => group.settings)) {
      const fallback = setting.schema.parse(undefined);
      // Null: found from other settings or elsewhere (the table says how), or none.
      if (fallback === null) continue;
      const shown = /^(?:`([^`]*)`|(on|off|none))(?: \(.*\))?$/.exec(setting.default);
      expect(shown, `${setting.name}: the default "${setting.default}" is no value`).not.toBeNull();
      const value = shown?.[1] ?? (shown?.[2] === "none" ? "" : shown?.[2]);
      expect(setting.schema.parse(value), `${setting.name}'s default`).toEqual(fallback);
    }
  });

  it("lists every variable loadConfig reads, and nothing it does not", () => {
    const read = new Set<string>();
    const watched = (env: Record<string, string>) =>
      new Proxy(env, {
        get(target, name) {
          if (typeof name === "string") read.add(name);
          return target[name as string];
        },
      });
    loadConfig(watched({}));
    // The bucket's settings are read only with S3; the sandbox's permit only in production.
    loadConfig(watched({ STORAGE: "s3", S3_BUCKET: "bucket" }));
    const keys = { REQ_KEY: "k", CLIENT_SECRET: "c", SIGNING_KEY: "s" };
    loadConfig(
      watched({ NODE_ENV: "production", ...keys, SANDBOX: "on", ALLOW_SANDBOX_IN_PRODUCTION: "on" }),
    );
    expect([...read].sort()).toEqual([...names].sort());
  });
});
