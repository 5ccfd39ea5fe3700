import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom has no matchMedia; components ask it for reduced motion and for the pointer kind.
if (typeof window !== "undefined" && typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): the test command runs three
// files at a time on 2 cores; one that succeeds returns as soon as it does.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
