import type { PlatformApi } from "@platform/api-client";
import { describe, expect, it, vi } from "vitest";
import { openCustomerService, opensWindowEarly } from "./customerService";

const iPhone = {
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
  maxTouchPoints: 5,
};
const android = { userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile", maxTouchPoints: 5 };

/** The call, answering when `answer` is called (so a test can look before it answers). */
function pendingApi() {
  let answer: (url: string) => void = () => undefined;
  let fail: () => void = () => undefined;
  const api = {
    system: {
      customService: () =>
        new Promise<{ url: string }>((resolve, reject) => {
          answer = (url) => {
            resolve({ url });
          };
          fail = () => {
            reject(new Error("Network Error"));
          };
        }),
    },
  } as unknown as PlatformApi;
  return {
    api,
    answer: (url: string) => {
      answer(url);
    },
    fail: () => {
      fail();
    },
  };
}

describe("customer service", () => {
  it("elsewhere: opens the address once it is known, without an opener", async () => {
    const call = pendingApi();
    const open = vi.fn(() => null);
    const done = openCustomerService(call.api, { open, navigator: android });
    expect(open).not.toHaveBeenCalled();
    call.answer("https://help.example.com/");
    expect(await done).toBe(true);
    expect(open).toHaveBeenCalledWith("https://help.example.com/", "_blank", "noopener");
  });

  it("on iOS: opens the tab during the tap, then sends it to the address", async () => {
    const call = pendingApi();
    const tab = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.fn(() => tab as unknown as Window);
    const done = openCustomerService(call.api, { open, navigator: iPhone });
    // Before the call answers: the popup blocker allows only a window opened by the tap itself.
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.opener).toBeNull();
    call.answer("https://help.example.com/");
    expect(await done).toBe(true);
    expect(tab.location.href).toBe("https://help.example.com/");
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("on iOS: closes the early tab when the call fails or the address is not a web address", async () => {
    const failing = pendingApi();
    const tab = { opener: null, location: { href: "" }, close: vi.fn() };
    const done = openCustomerService(failing.api, {
      open: () => tab as unknown as Window,
      navigator: iPhone,
    });
    failing.fail();
    await expect(done).rejects.toThrow("Network Error");
    expect(tab.close).toHaveBeenCalledTimes(1);

    const odd = pendingApi();
    const other = { opener: null, location: { href: "" }, close: vi.fn() };
    const result = openCustomerService(odd.api, {
      open: () => other as unknown as Window,
      navigator: iPhone,
    });
    odd.answer("javascript:alert(1)");
    expect(await result).toBe(false);
    expect(other.close).toHaveBeenCalledTimes(1);
    expect(other.location.href).toBe("");
  });

  it("knows which browsers need the early tab (iPadOS says it is a Mac)", () => {
    expect(opensWindowEarly(iPhone)).toBe(true);
    expect(opensWindowEarly(android)).toBe(false);
    expect(
      opensWindowEarly({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", maxTouchPoints: 5 }),
    ).toBe(true);
    expect(
      opensWindowEarly({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", maxTouchPoints: 0 }),
    ).toBe(false);
  });
});
