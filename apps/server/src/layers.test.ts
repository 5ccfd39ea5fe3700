import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { serverLayers } from "../layers.js";

/**
 * The lint rule that keeps the server's rooms apart (layers.js, decision 0013) fires: `pnpm lint`
 * runs the same rule objects over src/. Linted as text at a path, so no fixture file sits in src/.
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

describe("the server's layers (layers.js)", () => {
  it.each([
    ["a module importing another module's routes.ts", "src/modules/search/videos.ts", "../substance/routes"],
    ["a module importing its own routes.ts", "src/modules/substance/lists.ts", "./routes"],
    ["a module importing the seed", "src/modules/user/accounts.ts", "../../seed"],
    ["http/ importing a module", "src/http/route.ts", "../modules/auth/sessions"],
    ["db/ importing a module", "src/db/database.ts", "../modules/user/accounts"],
    ["db/ importing the seed", "src/db/schema.ts", "../seed/catalogue"],
    ["media/ importing a module", "src/media/library.ts", "../modules/substance/access"],
    ["providers/ importing a module", "src/providers/sms/gateway.ts", "../../modules/auth/sms"],
  ])("refuses %s", async (_case, path, from) => {
    const problems = await problemsOf(path, `import { x } from "${from}";\nexport const y = x;\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^no-restricted-imports: .*decision 0013/);
  });

  it.each([
    ["a module importing another module's logic", "src/modules/search/videos.ts", "../substance/lists"],
    ["a module importing the layers below", "src/modules/user/profile.ts", "../../http/route"],
    ["the composition root importing routes", "src/app.ts", "./modules/substance/routes"],
    ["the seed importing modules", "src/seed/index.ts", "../modules/user/accounts"],
    ["a test importing the seed", "src/modules/user/user.test.ts", "../../seed"],
    ["http/ importing db/", "src/http/idempotency.ts", "../db/locks"],
  ])("allows %s", async (_case, path, from) => {
    expect(await problemsOf(path, `import { x } from "${from}";\nexport const y = x;\n`)).toEqual([]);
  });
});
