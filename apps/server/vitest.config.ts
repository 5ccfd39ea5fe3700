import { platformProject } from "@platform/vitest-config";
import { fuzzFiles, unitFiles } from "./test/tiers";

// The integration tier: suites start a real server on a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): opening one takes seconds, hence the longer hook timeout. The global
// setup makes the seed media (ffmpeg) once and seeds the demo data once into the template every
// seeded suite copies (test/template.ts). The unit and fuzz tiers have their own configs.
export default platformProject({
  name: "server",
  inline: ["jsencrypt"],
  exclude: [...unitFiles, ...fuzzFiles],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  globalSetup: ["test/global-setup.ts"],
  // Each suite starts its own server, context and database and keeps nothing in module state, so a
  // worker runs its files in one process: the whole tier on both databases took 509 CPU-seconds
  // (295 s) in a process per file and 371 (222 s) this way, every test passing in both.
  isolate: false,
});
