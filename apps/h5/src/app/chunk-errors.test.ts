import { afterEach, describe, expect, it } from "vitest";
import { keepOfflineChunkErrorsInPage } from "./chunk-errors";

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
}

function chunkFailed(message: string) {
  const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload?: unknown };
  event.payload = new TypeError(message);
  window.dispatchEvent(event);
  return event;
}

afterEach(() => {
  setOnline(true);
  sessionStorage.clear();
});

describe("a lazy chunk that fails", () => {
  keepOfflineChunkErrorsInPage();

  it("offline: marks the router's reload as done, so the app's error screen shows instead of a reload", () => {
    setOnline(false);
    const event = chunkFailed("Failed to fetch dynamically imported module: /assets/trend-1.js");
    expect(
      sessionStorage.getItem(
        "tanstack_router_reload:Failed to fetch dynamically imported module: /assets/trend-1.js",
      ),
    ).toBe("1");
    // The failure still reaches the route (its error screen), it is not swallowed.
    expect(event.defaultPrevented).toBe(false);
  });

  it("online (a new deployment): leaves the router's one reload alone", () => {
    chunkFailed("Failed to fetch dynamically imported module: /assets/old-1.js");
    expect(sessionStorage.length).toBe(0);
  });
});
