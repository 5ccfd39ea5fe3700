// @ts-check
/**
 * The server's rooms and which way they may lean (docs/decisions/0013-the-servers-rooms.md):
 *
 *   index.ts / server.ts / app.ts      the composition root: wires everything
 *   seed/                              demo data: built from the modules, above them
 *   modules/<area>/routes.ts           contract name → handler (parse, authorise, call, answer)
 *   modules/<area>/<logic>.ts          the area's rules and queries; may use other areas' logic files
 *   http/ db/ jobs/ media/ providers/ security/   below the modules: never import them (nor the seed)
 *
 * A module never imports a `routes.ts` (its own or another's): shared logic lives in the owning
 * module's logic files. Tests sit above everything and are not held to the layers.
 */
const routesMessage =
  "Import the owning module's logic file, not a routes.ts: a routes file only registers handlers (decision 0013).";
const upwardMessage =
  "This layer is below the modules and the seed: it must not import them (decision 0013). Pass what it needs in (e.g. through AppContext).";

/** @type {import("eslint").Linter.Config[]} */
export const serverLayers = [
  {
    files: ["src/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/routes", "**/routes.ts", "**/routes.js"], message: routesMessage },
            { group: ["**/seed", "**/seed/**"], message: "The seed is above the modules (decision 0013)." },
          ],
        },
      ],
    },
  },
  {
    files: [
      "src/http/**/*.ts",
      "src/db/**/*.ts",
      "src/media/**/*.ts",
      "src/providers/**/*.ts",
      "src/security/**/*.ts",
      "src/jobs/**/*.ts",
    ],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/modules", "**/modules/**"], message: upwardMessage },
            { group: ["**/seed", "**/seed/**"], message: upwardMessage },
          ],
        },
      ],
    },
  },
];
