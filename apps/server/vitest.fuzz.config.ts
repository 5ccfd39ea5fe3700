import { platformProject } from "@platform/vitest-config";
import { fuzzFiles } from "./test/tiers";

// The fuzz suite (`pnpm test:fuzz`): every served endpoint with generated bad input, on both
// databases; it shares the integration tier's global setup (media, seeded template).
export default platformProject({
  name: "server-fuzz",
  inline: ["jsencrypt"],
  include: fuzzFiles,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  globalSetup: ["test/global-setup.ts"],
});
