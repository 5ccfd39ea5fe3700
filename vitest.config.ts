import { defineConfig } from "vitest/config";

// The whole repository in one run: every package is a vitest project, with one coverage report and
// one summary at the end (the README's test command runs this after build, typecheck and lint).
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts", "apps/h5/vitest.e2e.config.ts"],
    passWithNoTests: true,
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.{ts,tsx}", "apps/*/src/**/*.{ts,tsx}"],
      exclude: ["**/*.test.{ts,tsx}", "**/*.stories.tsx", "**/index.ts", "**/*.gen.ts"],
      reporter: ["text-summary", ["text", { skipFull: true }], "json-summary"],
      reportsDirectory: "coverage",
      thresholds: {
        "packages/domain/src/**": { lines: 95, branches: 90, functions: 95, statements: 95 },
      },
    },
  },
});
