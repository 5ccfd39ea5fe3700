import { fileURLToPath } from "node:url";

/** Where the test suites' seed media (the quick profile) is made once and kept between runs. */
export const testMediaDir = fileURLToPath(new URL("../.cache/test-media", import.meta.url));
