import { platformProject } from "@platform/vitest-config";

/**
 * The Lighthouse lane (Step 23, e2e tier): Lighthouse's mobile run of the pages a person meets
 * first, against the built server and app in a process of their own, after every other test file
 * of the run has finished (`alone`): the scores are read on a machine doing nothing else, as the
 * perf script reads them, instead of beside five files of journeys.
 */
export default platformProject({
  name: "h5-lighthouse",
  environment: "node",
  include: ["e2e/lighthouse.e2e.ts"],
  testTimeout: 900_000,
  hookTimeout: 180_000,
  alone: true,
});
