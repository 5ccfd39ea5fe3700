// @ts-check
import { configDefaults, defineProject } from "vitest/config";
import { BaseSequencer } from "vitest/node";

/** Test files at a time, in every project (the root `vitest.config.ts` says why five). */
export const WORKERS = 5;

/** How long `expect.poll` waits by default, in every project. */
export const POLL_TIMEOUT_MS = 10_000;

/** The export condition that points workspace packages at their `src/` (see tsconfig.base.json). */
export const sourceCondition = "@platform/source";

/**
 * One vitest project per package: tests live beside the code as `*.test.ts(x)`, and workspace
 * imports resolve to source so tests never wait for a build.
 * `inline` lists dependencies vitest must transform instead of handing to Node (packages whose ESM
 * build only works through a bundler, such as jsencrypt's extensionless imports).
 * `testTimeout` / `hookTimeout` give integration suites (a database to open, a server to start) room.
 * `globalSetup` runs once before the project's files (e.g. making media every suite reads);
 * `setupFiles` before each file (e.g. Testing Library's cleanup). `plugins` are Vite plugins
 * (e.g. lingui's macros).
 * `isolate: false` runs a worker's files one after another in one process (no new process and
 * module graph per file): for suites that share nothing through module state.
 * `alone: true` runs the project after every other one has finished, one file at a time (vitest's
 * `sequence.groupOrder`): for a measurement the rest of the run would disturb (the Lighthouse lane).
 * `pool`: jsdom projects run in `vmThreads` — one jsdom per worker instead of one per file
 * (vitest measured 62 jsdom starts in the app's project, 46 % of its time); each file still gets
 * its own module graph and globals.
 * @param {{ name: string, environment?: "node" | "jsdom" | "happy-dom", include?: string[], exclude?: string[], inline?: string[], testTimeout?: number, hookTimeout?: number, globalSetup?: string[], setupFiles?: string[], plugins?: import("vite").PluginOption[], pool?: "forks" | "threads" | "vmThreads" | "vmForks", isolate?: boolean, alone?: boolean }} options
 */
export function platformProject({
  name,
  environment = "node",
  include = ["src/**/*.test.{ts,tsx}"],
  exclude = [],
  inline = [],
  testTimeout = 5_000,
  hookTimeout = 10_000,
  globalSetup = [],
  setupFiles = [],
  plugins = [],
  pool = environment === "node" ? "forks" : "vmThreads",
  isolate = true,
  alone = false,
}) {
  return defineProject({
    plugins,
    resolve: { conditions: [sourceCondition, "module", "browser", "development|production"] },
    // No "module" for Node: packages such as the AWS SDK list it before "node" and point it at a
    // build only a bundler can run (extensionless imports).
    ssr: { resolve: { conditions: [sourceCondition, "node", "development|production"] } },
    test: {
      name,
      // Each project resolves its own worker count (vitest's default: cores − 1, one on these
      // 2-core machines) and schedules its files by it; the root config's figure does not reach
      // here. All projects need the same figure (they share a group). See the root config.
      maxWorkers: alone ? 1 : WORKERS,
      sequence: { groupOrder: alone ? 1 : 0 },
      pool,
      isolate,
      environment,
      include,
      exclude: [...configDefaults.exclude, "**/dist/**", ...exclude],
      server: { deps: { inline } },
      testTimeout,
      hookTimeout,
      // `expect.poll` waits up to 10 s (vitest's default is 1 s): with four files at a time on
      // 2 cores, a sign-up's password hashing alone took longer than 1 s in a full run, and a
      // poll that succeeds returns as soon as it does.
      expect: { poll: { timeout: POLL_TIMEOUT_MS } },
      globalSetup,
      setupFiles,
    },
  });
}

/**
 * The order projects' files are handed to the workers in, first to last: vitest's own sequencer
 * goes project by project in name order, which left the fuzz suite (the longest file, ≈ 85 s)
 * to start last and run alone while the other workers idled. The longest files start first and
 * the many short unit files fill the gaps at the end. Within a project vitest's order holds
 * (slowest or largest first).
 */
export const PROJECT_ORDER = ["server-fuzz", "h5-e2e", "server"];

/** A sequencer (root `sequence.sequencer`) that hands out files by `PROJECT_ORDER`. */
export class LongestFirstSequencer extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    /** @param {import("vitest/node").TestSpecification} file */
    const rank = (file) => {
      const at = PROJECT_ORDER.indexOf(file.project.name);
      return at === -1 ? PROJECT_ORDER.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
