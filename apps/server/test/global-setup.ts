import { ensureSeedMedia } from "../src/media/generate";
import { testMediaDir } from "./media";

/** Make the quick seed media once (cached in .cache/test-media) before any suite starts a server. */
export default async function setup(): Promise<void> {
  await ensureSeedMedia(testMediaDir, "quick", (line) => {
    console.log(`[server tests] ${line}`);
  });
}
