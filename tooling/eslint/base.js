// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Base flat config for every TypeScript package: typed linting through the project service,
 * consistent type imports, and `process.env` readable only in a file named `env.ts` so that every
 * setting an app reads is declared in one place.
 */
export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/coverage/**", "**/.cache/**", "**/*.gen.ts", "**/storybook-static/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true },
      globals: { ...globals.es2023 },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "separate-type-imports" },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings only in the app's env.ts." },
      ],
      // \`x == null\` is the one loose comparison worth keeping: it means null or undefined.
      eqeqeq: ["error", "always", { null: "ignore" }],
      // API fields often arrive as "" for "absent"; \`||\` on strings is deliberate there.
      "@typescript-eslint/prefer-nullish-coalescing": ["error", { ignorePrimitives: { string: true } }],
    },
  },
  {
    files: ["**/env.ts", "**/*.config.ts", "**/*.config.js", "**/scripts/**"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts run on Node (benchmarks, size checks): they may print and exit.
    files: ["**/scripts/**"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
