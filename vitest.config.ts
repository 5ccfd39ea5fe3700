import { LongestFirstSequencer, WORKERS } from "@platform/vitest-config";
import { defineConfig } from "vitest/config";

// The whole repository in one run: every package is a vitest project, with one coverage report and
// one summary at the end (the README's test command runs this after build, typecheck and lint).
export default defineConfig({
  test: {
    // Tiers (Step 20, README "Tests"): unit = domain, api-client, i18n, ui, h5, server-unit;
    // integration = server; fuzz = server-fuzz; e2e = h5-e2e and h5-lighthouse (after the rest,
    // alone). This file runs them all.
    projects: [
      "packages/*/vitest.config.ts",
      "apps/*/vitest.config.ts",
      "apps/server/vitest.unit.config.ts",
      "apps/server/vitest.fuzz.config.ts",
      "apps/h5/vitest.e2e.config.ts",
      "apps/h5/vitest.lighthouse.config.ts",
    ],
    passWithNoTests: true,
    // Five files at a time on these 2-core machines: the suites mostly wait (on a server, a
    // database, Chromium, ffmpeg), and vitest's default (cores − 1) ran them one by one. Measured:
    // 1082 s with one worker, 557 s with three; 452 s with three and 416 s with four once the
    // journeys ran in the headless shell; 493 s with four and 477 s with five once the
    // multi-process tier came (Step 21; peak memory 3.0 → 3.3 GB). Each project sets it too
    // (platformProject): a project schedules its files by its own figure, not this one.
    maxWorkers: WORKERS,
    // The longest tiers' files first (fuzz, e2e, integration), the short unit files last.
    sequence: { sequencer: LongestFirstSequencer },
    coverage: {
      provider: "v8",
      // Relative to each project's root when a run names projects (the test command's unit tier:
      // decision 0004), to the repository's otherwise: a pattern that means the same from both.
      include: ["**/src/**/*.{ts,tsx}"],
      exclude: ["**/node_modules/**", "**/*.test.{ts,tsx}", "**/*.stories.tsx", "**/index.ts", "**/*.gen.ts"],
      reporter: ["text-summary", ["text", { skipFull: true }], "json-summary"],
      reportsDirectory: "coverage",
      thresholds: {
        "packages/domain/src/**": { lines: 95, branches: 90, functions: 95, statements: 95 },
      },
    },
  },
});
