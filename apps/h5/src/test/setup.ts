import { webcrypto } from "node:crypto";

// The app's project runs in vmThreads (one jsdom per worker, tooling/vitest): there `crypto` is
// jsdom's, which has no `subtle`. The api-client seals `req` with WebCrypto, as browsers do.
if (typeof globalThis.crypto.subtle === "undefined") {
  Object.defineProperty(globalThis, "crypto", { value: webcrypto, configurable: true });
}
