import type { TestProject } from "vitest/node";
import { ensureSeedMedia } from "../src/media/generate";
import { testMediaDir } from "./media";
import { sharedSeedTemplate } from "./template";

/**
 * Before any suite: make the quick seed media (cached in .cache/test-media), then seed the demo
 * data once per database into a template every seeded suite copies (test/template.ts). The
 * integration and fuzz tiers share one template in a run of both.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureSeedMedia(testMediaDir, "quick", (line) => {
    console.log(`[server tests] ${line}`);
  });
  const started = Date.now();
  const { template, fresh, release } = await sharedSeedTemplate();
  if (fresh)
    console.log(
      `[server tests] demo data seeded once for every suite (${template.postgresDatabase === null ? "PGlite" : "PGlite and PostgreSQL"}) in ${String(Date.now() - started)} ms`,
    );
  project.provide("seedTemplate", template);
  return release;
}
