import type { PluginOption } from "vite";
import type { UserWorkspaceConfig } from "vitest/config";
import { BaseSequencer } from "vitest/node";

/** Test files at a time, in every project. */
export declare const WORKERS: number;
/** How long `expect.poll` waits by default, in every project. */
export declare const POLL_TIMEOUT_MS: number;
export declare const sourceCondition: "@platform/source";

export declare function platformProject(options: {
  name: string;
  environment?: "node" | "jsdom" | "happy-dom";
  include?: string[];
  /** Files of `include` that belong to another tier's project. */
  exclude?: string[];
  inline?: string[];
  testTimeout?: number;
  hookTimeout?: number;
  /** Files run once before the project's test files (e.g. making media the suites read). */
  globalSetup?: string[];
  /** Files run before each test file (e.g. Testing Library cleanup). */
  setupFiles?: string[];
  /** Vite plugins for the project's transforms (e.g. lingui macros). */
  plugins?: PluginOption[];
  /** Default: forks for node, vmThreads (one jsdom per worker) for jsdom projects. */
  pool?: "forks" | "threads" | "vmThreads" | "vmForks";
  /** Default true: each file in a fresh process. false: a worker's files share one process. */
  isolate?: boolean;
  /** After every other project has finished, one file at a time (a measurement; see index.js). */
  alone?: boolean;
}): UserWorkspaceConfig;

/** Projects whose files start first, in this order; the rest follow (see index.js). */
export declare const PROJECT_ORDER: readonly string[];
/** The root config's `sequence.sequencer`: the longest tiers' files first. */
export declare class LongestFirstSequencer extends BaseSequencer {}
