import { platformProject } from "@platform/vitest-config";

// Integration suites start a real server on a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): opening one takes seconds, hence the longer hook timeout. The seed
// media (ffmpeg) is made once, before any suite, into a cache every suite's server reads.
export default platformProject({
  name: "server",
  inline: ["jsencrypt"],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  globalSetup: ["test/global-setup.ts"],
});
