// @ts-check
/**
 * The server's floors and which way they may lean (docs/decisions/0013-the-servers-rooms.md, and
 * 0028-server-floors-one-way.md for the sandbox floor, the module order and the circles):
 *
 *   index.ts / server.ts / app.ts / cli.ts   the composition root: wires everything (and the ports)
 *   seed/                              demo data: built from the modules, above them
 *   modules/<area>/routes.ts           contract name → handler (parse, authorise, call, answer)
 *   modules/<area>/<logic>.ts          the area's rules and queries; may use lower areas' logic files
 *   sandbox/                           the parties SANDBOX plays (payments, games, SMS read-back,
 *                                      support, the live demo feed): beside the modules, neither
 *                                      importing the other
 *   http/ context.ts cache.ts          the HTTP layer: routes, guards, messages, the context, and
 *   env.ts env/ secrets.ts             the settings it carries (each adapter owns its settings type)
 *   db/ jobs/ media/ providers/ security/   below http/: never import it, the settings, a module
 *                                      or the sandbox
 *
 * The modules are ordered (floors.js MODULE_ORDER): a module imports only modules below it; a
 * lower one reaches a higher one through a port on AppContext. A module never imports a
 * `routes.ts` (its own or another's): shared logic lives in the owning module's logic files.
 * Tests sit above everything and are not held to the floors. What a lint rule cannot see — circles
 * of files, pairs of modules importing each other — src/layers.test.ts checks over the import
 * graph (floors.js).
 */
import { MODULE_ORDER } from "./floors.js";

const routesMessage =
  "Import the owning module's logic file, not a routes.ts: a routes file only registers handlers (decision 0013).";
const upwardMessage =
  "This layer is below the modules and the seed: it must not import them (decision 0013). Pass what it needs in (e.g. through AppContext).";
const belowHttpMessage =
  "db/ jobs/ media/ providers/ security/ are below http/, context.ts and the settings: they must not import them, nor the sandbox (decision 0028). Throw an error of this floor and let the HTTP layer word it; take settings as arguments, typed by the adapter.";
const sandboxMessage =
  "The sandbox plays parties outside the platform, beside the modules: a module does not import it, and it imports no module (decision 0028).";
const httpMessage =
  "http/, context.ts, cache.ts and the settings are below the modules and the sandbox: they must not import them (decision 0028).";

/**
 * Relative imports that climb to a folder of src/ called one of `names` (`../http/…`,
 * `../../sandbox/…`); a sibling of the same name (`./sandbox`, db/schema's) is not one.
 */
const folders = (/** @type {string[]} */ ...names) => `^(\\.\\./)+(${names.join("|")})(/|$)`;
/** The same from a file at src/'s top (context.ts, cache.ts), which reaches them with `./`. */
const foldersFromTop = (/** @type {string[]} */ ...names) => `^\\.{1,2}/(\\.\\./)*(${names.join("|")})(/|$)`;
/** Relative imports that climb to a file at src/'s top called one of `names`. */
const topFiles = (/** @type {string[]} */ ...names) => `^(\\.\\./)+(${names.join("|")})(\\.js)?$`;

const notTests = ["**/*.test.ts"];

/** What no module imports: a routes.ts, the seed, the sandbox. */
const modulePatterns = [
  { group: ["**/routes", "**/routes.ts", "**/routes.js"], message: routesMessage },
  { group: ["**/seed", "**/seed/**"], message: "The seed is above the modules (decision 0013)." },
  { regex: folders("sandbox"), message: sandboxMessage },
];

/** @param {string} area @returns {import("eslint").Linter.Config} */
function moduleOrderOf(area) {
  const higher = MODULE_ORDER.slice(MODULE_ORDER.indexOf(area) + 1);
  const orderMessage = `The modules run one way (floors.js MODULE_ORDER, decision 0028): ${area} is below ${higher.join(", ")}. Move the logic down, or ask through a port on AppContext.`;
  return {
    files: [`src/modules/${area}/**/*.ts`],
    ignores: notTests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...modulePatterns,
            ...(higher.length === 0
              ? []
              : [
                  {
                    regex: `^\\.\\./(${higher.join("|")})(/|$)|/modules/(${higher.join("|")})(/|$)`,
                    message: orderMessage,
                  },
                ]),
          ],
        },
      ],
    },
  };
}

/** @param {string[]} files @param {string} sandbox @returns {import("eslint").Linter.Config} */
function httpFloor(files, sandbox) {
  return {
    files,
    ignores: notTests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/modules", "**/modules/**"], message: upwardMessage },
            { group: ["**/seed", "**/seed/**"], message: upwardMessage },
            { regex: sandbox, message: httpMessage },
          ],
        },
      ],
    },
  };
}

/** @type {import("eslint").Linter.Config[]} */
export const serverLayers = [
  // A module missing from the order is treated as the highest: only the routes/seed/sandbox rules.
  {
    files: ["src/modules/**/*.ts"],
    ignores: notTests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: modulePatterns,
        },
      ],
    },
  },
  ...MODULE_ORDER.map(moduleOrderOf),
  {
    files: ["src/sandbox/**/*.ts"],
    ignores: notTests,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: folders("modules", "seed"), message: sandboxMessage }] },
      ],
    },
  },
  // The HTTP layer's floor: its folders (http/, env/) reach the sandbox by climbing (`../sandbox`;
  // env/sandbox.ts is a settings schema), the files at src/'s top by `./sandbox`.
  httpFloor(["src/http/**/*.ts", "src/env/**/*.ts"], folders("sandbox")),
  httpFloor(["src/context.ts", "src/cache.ts", "src/env.ts", "src/secrets.ts"], foldersFromTop("sandbox")),
  {
    files: [
      "src/db/**/*.ts",
      "src/media/**/*.ts",
      "src/providers/**/*.ts",
      "src/security/**/*.ts",
      "src/jobs/**/*.ts",
    ],
    ignores: notTests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/modules", "**/modules/**"], message: upwardMessage },
            { group: ["**/seed", "**/seed/**"], message: upwardMessage },
            { regex: folders("http", "sandbox", "env"), message: belowHttpMessage },
            { regex: topFiles("context", "cache", "secrets"), message: belowHttpMessage },
          ],
        },
      ],
    },
  },
  // No function outside the seed over 150 lines (blank and comment lines aside; decision 0028):
  // one that long is several steps that want names.
  {
    files: ["src/**/*.ts"],
    ignores: [...notTests, "src/seed/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
];
