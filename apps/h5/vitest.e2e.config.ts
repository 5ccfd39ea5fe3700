import { platformProject } from "@platform/vitest-config";

/**
 * End-to-end journeys: Debian's Chromium (playwright-core) at a phone's viewport against the real
 * server on a fresh embedded database with seed data, serving the production build of the app.
 */
export default platformProject({
  name: "h5-e2e",
  environment: "node",
  include: ["e2e/**/*.e2e.ts"],
  // The Lighthouse lane runs after the rest, alone (vitest.lighthouse.config.ts).
  exclude: ["e2e/lighthouse.e2e.ts"],
  globalSetup: ["./e2e/global-setup.ts"],
  testTimeout: 90_000,
  hookTimeout: 180_000,
  // Each journey file starts its own Chromium and keeps nothing in module state, so a worker runs
  // its files in one process: the tier's vitest processes 79 → 58 CPU-seconds, 111 passing.
  isolate: false,
});
