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
});
