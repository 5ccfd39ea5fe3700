import type { UserWorkspaceConfig } from "vitest/config";

export declare const sourceCondition: "@platform/source";

export declare function platformProject(options: {
  name: string;
  environment?: "node" | "jsdom" | "happy-dom";
  include?: string[];
  inline?: string[];
  testTimeout?: number;
  hookTimeout?: number;
  /** Files run once before the project's test files (e.g. making media the suites read). */
  globalSetup?: string[];
}): UserWorkspaceConfig;
