import { Language } from "@platform/domain";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { byText, click, control, queryText, renderApp, waitFor } from "../test/renderApp";
import { LoadBoundary, retryableLazy } from "./LoadBoundary";
import { LoadFailed } from "./LoadFailed";

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

afterEach(() => {
  setOnline(true);
});

/** A lazy part whose chunk fails while `network.up` is false, as an import does offline. */
function lazyPart(network: { up: boolean; loads: number }) {
  return retryableLazy(() => {
    network.loads += 1;
    return network.up
      ? Promise.resolve({ default: () => <p>loaded part</p> })
      : Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/part.js"));
  });
}

function Part({ part }: { readonly part: ReturnType<typeof lazyPart> }) {
  return (
    <LoadBoundary
      onRetry={part.retry}
      fallback={(retry, error) => <LoadFailed error={error} onRetry={retry} />}
    >
      <part.Component />
    </LoadBoundary>
  );
}

describe("a lazy part that fails to load", () => {
  it("offline: says so in the reader's language with a retry, and loads by itself when the network is back", async () => {
    setOnline(false);
    const network = { up: false, loads: 0 };
    const part = lazyPart(network);
    await renderApp({ api: {}, path: "/x", pages: { "/x": () => <Part part={part} /> } });
    await waitFor(() => byText("网络未连接，连上网络后会自动重试"));
    expect(control("重试")).toBeTruthy();
    expect(queryText("Something went wrong!")).toBeNull();

    // The network returns: the same part is imported again, without a tap.
    network.up = true;
    await act(async () => {
      setOnline(true);
      await Promise.resolve();
    });
    await waitFor(() => byText("loaded part"));
    expect(network.loads).toBe(2);
  });

  it("online: 'retry' imports the failed chunk again (English reader)", async () => {
    const network = { up: false, loads: 0 };
    const part = lazyPart(network);
    await renderApp({
      api: {},
      path: "/x",
      pages: { "/x": () => <Part part={part} /> },
      language: Language.enUS,
    });
    await waitFor(() => byText("Could not load. Please try again."));
    network.up = true;
    await click(control("Retry"));
    await waitFor(() => byText("loaded part"));
  });
});
