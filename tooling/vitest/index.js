// @ts-check
import { configDefaults, defineProject } from "vitest/config";

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
 * @param {{ name: string, environment?: "node" | "jsdom" | "happy-dom", include?: string[], inline?: string[], testTimeout?: number, hookTimeout?: number, globalSetup?: string[], setupFiles?: string[], plugins?: import("vite").PluginOption[] }} options
 */
export function platformProject({
  name,
  environment = "node",
  include = ["src/**/*.test.{ts,tsx}"],
  inline = [],
  testTimeout = 5_000,
  hookTimeout = 10_000,
  globalSetup = [],
  setupFiles = [],
  plugins = [],
}) {
  return defineProject({
    plugins,
    resolve: { conditions: [sourceCondition, "module", "browser", "development|production"] },
    ssr: { resolve: { conditions: [sourceCondition, "module", "node", "development|production"] } },
    test: {
      name,
      environment,
      include,
      exclude: [...configDefaults.exclude, "**/dist/**"],
      server: { deps: { inline } },
      testTimeout,
      hookTimeout,
      globalSetup,
      setupFiles,
    },
  });
}
