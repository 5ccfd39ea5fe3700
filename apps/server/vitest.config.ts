import { platformProject } from "@platform/vitest-config";

// Integration suites start a real server on a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): opening one takes seconds, hence the longer hook timeout.
export default platformProject({
  name: "server",
  inline: ["jsencrypt"],
  testTimeout: 30_000,
  hookTimeout: 120_000,
});
