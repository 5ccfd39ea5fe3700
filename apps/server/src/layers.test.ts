import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import {
  MODULE_ORDER,
  backUpImports,
  fileCircles,
  importGraph,
  importsIn,
  moduleOrderBreaks,
  modulePairs,
} from "../floors.js";
import { serverLayers } from "../layers.js";

/**
 * The lint rules that keep the server's floors apart (layers.js, decisions 0013 and 0028) fire:
 * `pnpm lint` runs the same rule objects over src/. Linted as text at a path, so no fixture file
 * sits in src/. What a lint rule cannot see (circles, pairs of modules) is checked over the import
 * graph of src/ (floors.js), which `node scripts/floors.mjs` prints.
 */
const eslint = new ESLint({
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  overrideConfigFile: true,
  // The imports checked are plain JavaScript, so ESLint's own parser reads them.
  overrideConfig: [{ files: ["**/*.ts"] }, ...serverLayers],
});

async function problemsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}

const importing = (from: string) => `import { x } from "${from}";\nexport const y = x;\n`;

describe("the server's floors (layers.js)", () => {
  it.each([
    ["a module importing another module's routes.ts", "src/modules/search/videos.ts", "../substance/routes"],
    ["a module importing its own routes.ts", "src/modules/substance/lists.ts", "./routes"],
    ["a module importing the seed", "src/modules/user/accounts.ts", "../../seed"],
    ["http/ importing a module", "src/http/route.ts", "../modules/auth/sessions"],
    ["db/ importing a module", "src/db/database.ts", "../modules/user/accounts"],
    ["db/ importing the seed", "src/db/schema.ts", "../seed/catalogue"],
    ["media/ importing a module", "src/media/library.ts", "../modules/substance/access"],
    ["providers/ importing a module", "src/providers/sms/gateway.ts", "../../modules/auth/sms"],
    // The floors of decision 0028.
    ["providers/ importing http/", "src/providers/sms/gateway.ts", "../../http/messages"],
    ["db/ importing http/", "src/db/keyset.ts", "../http/errors"],
    ["providers/ importing the context", "src/providers/games/protocol.ts", "../../context"],
    [
      "providers/ importing the sandbox",
      "src/providers/payments/http-provider.ts",
      "../../sandbox/payments/party",
    ],
    ["http/ importing the sandbox", "src/http/route.ts", "../sandbox/pages"],
    ["the context importing the sandbox", "src/context.ts", "./sandbox/pages"],
    ["providers/ importing the settings", "src/providers/storage/s3-store.ts", "../../env"],
    ["db/ importing a settings schema", "src/db/database.ts", "../env/database"],
    ["the settings importing a module", "src/env/posting.ts", "../modules/posting/review"],
    ["a module importing the sandbox", "src/modules/system/routes.ts", "../../sandbox/support"],
    ["the sandbox importing a module", "src/sandbox/support.ts", "../modules/system/config"],
    ["a sandbox party importing a module", "src/sandbox/payments/api.ts", "../../modules/trade/recharge"],
    // The module order (floors.js MODULE_ORDER).
    ["a lower module importing a higher one", "src/modules/user/profile.ts", "../auth/sessions"],
    ["the ledger importing trade", "src/modules/ledger/wallet.ts", "../trade/recharge"],
    ["upload importing posting", "src/modules/upload/routes.ts", "../posting/processing"],
    ["game importing trade", "src/modules/game/wallet.ts", "../trade/account"],
  ])("refuses %s", async (_case, path, from) => {
    const problems = await problemsOf(path, importing(from));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^no-restricted-imports: .*decision 00(13|28)/);
  });

  it.each([
    ["a module importing another module's logic", "src/modules/search/videos.ts", "../substance/lists"],
    ["a module importing the layers below", "src/modules/user/profile.ts", "../../http/route"],
    ["the composition root importing routes", "src/app.ts", "./modules/substance/routes"],
    ["the seed importing modules", "src/seed/index.ts", "../modules/user/accounts"],
    ["a test importing the seed", "src/modules/user/user.test.ts", "../../seed"],
    ["http/ importing db/", "src/http/idempotency.ts", "../db/locks"],
    // The floors of decision 0028.
    ["a higher module importing a lower one", "src/modules/auth/tokens.ts", "../user/accounts"],
    ["trade importing game", "src/modules/trade/desk.ts", "../game/wallet"],
    ["posting importing the catalogue", "src/modules/posting/posting.ts", "../substance/videos"],
    ["the sandbox importing http/", "src/sandbox/pages.ts", "../http/messages"],
    ["the sandbox importing the context", "src/sandbox/games/party.ts", "../../context"],
    [
      "the sandbox importing an adapter",
      "src/sandbox/payments/jobs.ts",
      "../../providers/payments/signature",
    ],
    ["the composition root importing the sandbox", "src/app.ts", "./sandbox/support"],
    ["db/schema importing its own sandbox tables", "src/db/schema/index.ts", "./sandbox"],
    [
      "the settings importing an adapter's settings type",
      "src/env/storage.ts",
      "../providers/storage/s3-store",
    ],
    ["the settings importing the HTTP layer's", "src/env.ts", "./http/security-headers"],
    ["the context importing the settings", "src/context.ts", "./env"],
    ["a settings schema importing the sandbox's settings", "src/env/game.ts", "./sandbox"],
    ["a test importing the sandbox", "src/modules/live/live.test.ts", "../../sandbox/live-demo"],
  ])("allows %s", async (_case, path, from) => {
    expect(await problemsOf(path, importing(from))).toEqual([]);
  });
});

describe("no function outside the seed over 150 lines (layers.js)", () => {
  /** A function of `lines` statements, with blank and comment lines between them that do not count. */
  const functionOf = (lines: number) =>
    `export function long() {\n${Array.from({ length: lines - 2 }, (_, i) => `  void ${String(i)};\n\n  // a note\n`).join("")}}\n`;

  it("refuses 151 lines in a module, and counts no blank or comment line", async () => {
    const problems = await problemsOf("src/modules/trade/withdraw.ts", functionOf(151));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^max-lines-per-function: .*151.*150/);
  });

  it("allows 150 lines, and any length in the seed", async () => {
    expect(await problemsOf("src/sandbox/payments/api.ts", functionOf(150))).toEqual([]);
    expect(await problemsOf("src/seed/catalogue.ts", functionOf(400))).toEqual([]);
  });
});

describe("the import graph (floors.js)", () => {
  it("reads every kind of import line, relative ones only", () => {
    const code = [
      `import { a } from "./a";`,
      `import type { B } from "../b";`,
      `import {\n  c,\n  d,\n} from "./c";`,
      `export { e } from "./e";`,
      `const f = await import("./f");`,
      `import { z } from "zod";`,
      `// the string "./g" is no import`,
    ].join("\n");
    expect(importsIn(code)).toEqual(["./a", "../b", "./c", "./e", "./f"]);
  });

  const edge = (from: string, to: string) => ({ from, to });

  it("finds a circle of files, of two or more, and none where imports run one way", () => {
    const circles = fileCircles([
      edge("modules/user/membership.ts", "modules/user/profile.ts"),
      edge("modules/user/profile.ts", "modules/user/membership.ts"),
      edge("http/a.ts", "http/b.ts"),
      edge("http/b.ts", "http/c.ts"),
      edge("http/c.ts", "http/a.ts"),
    ]);
    expect(circles).toEqual([
      ["modules/user/membership.ts", "modules/user/profile.ts"],
      ["http/a.ts", "http/b.ts", "http/c.ts"],
    ]);
    expect(fileCircles([edge("http/a.ts", "http/b.ts"), edge("http/a.ts", "http/c.ts")])).toEqual([]);
  });

  it("finds two modules importing each other, and not one importing the other", () => {
    const pair = [edge("modules/auth/tokens.ts", "modules/user/accounts.ts")];
    expect(modulePairs(pair)).toEqual([]);
    expect(modulePairs([...pair, edge("modules/user/vip.ts", "modules/auth/sessions.ts")])).toEqual([
      "auth↔user",
    ]);
  });

  it("finds a lower module importing a higher one, and a lower floor importing a higher one", () => {
    const down = edge("modules/trade/desk.ts", "modules/game/wallet.ts");
    const up = edge("modules/game/wallet.ts", "modules/trade/account.ts");
    expect(moduleOrderBreaks([down, up])).toEqual([up]);
    const upFloor = edge("providers/sms/readback.ts", "http/messages.ts");
    const beside = edge("modules/live/station.ts", "sandbox/live-demo.ts");
    const allowed = [
      edge("sandbox/pages.ts", "http/messages.ts"),
      edge("modules/user/profile.ts", "http/route.ts"),
    ];
    expect(backUpImports([upFloor, beside, ...allowed])).toEqual([upFloor, beside]);
  });

  const src = fileURLToPath(new URL(".", import.meta.url));
  const graph = importGraph(src);

  it("places every module in the order", () => {
    const modules = readdirSync(new URL("modules", import.meta.url), { withFileTypes: true });
    const unplaced = modules.filter((m) => m.isDirectory() && !MODULE_ORDER.includes(m.name));
    expect(unplaced.map((m) => m.name)).toEqual([]);
  });

  it("src/ has no circle of files, no pair of modules, no import against the module order", () => {
    expect(graph.length).toBeGreaterThan(500);
    expect(fileCircles(graph)).toEqual([]);
    expect(modulePairs(graph)).toEqual([]);
    expect(moduleOrderBreaks(graph)).toEqual([]);
  });

  it("src/ has no import running back up a floor", () => {
    expect(backUpImports(graph).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });
});
