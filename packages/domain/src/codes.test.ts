import { describe, expect, it } from "vitest";
import {
  BusinessCode,
  businessCodeOf,
  isForbidden,
  isInsufficient,
  isNotFound,
  isSessionExpired,
  isTooMany,
} from "./codes";

describe("isSessionExpired (code 8888)", () => {
  it.each([
    [BusinessCode.sessionExpired, "invalid_grant", true],
    [8888, "invalid_request", true],
    [8888, "something_else", false],
    [8888, null, false],
    [200, "invalid_grant", false],
    ["8888", "invalid_grant", false],
  ])("code %s, data %s → %s", (code, data, expected) => {
    expect(isSessionExpired(code, data)).toBe(expected);
  });
});

describe("the code helpers", () => {
  it("read a numeric code from any error-like object", () => {
    expect(businessCodeOf({ code: 404 })).toBe(404);
    expect(businessCodeOf({ code: null, status: 404 })).toBeNull();
    expect(businessCodeOf({ code: "404" })).toBeNull();
    expect(businessCodeOf(new Error("x"))).toBeNull();
    expect(businessCodeOf(null)).toBeNull();
    expect(businessCodeOf("404")).toBeNull();
  });

  it("name the refusals the app acts on", () => {
    expect(isNotFound({ kind: "business", code: BusinessCode.notFound })).toBe(true);
    // An HTTP 404 without a business answer is not 'not found' (the path itself was wrong).
    expect(isNotFound({ kind: "http", code: null, status: 404 })).toBe(false);
    expect(isNotFound({ code: BusinessCode.forbidden })).toBe(false);
    expect(isForbidden({ kind: "business", code: BusinessCode.forbidden })).toBe(true);
    expect(isForbidden({ code: BusinessCode.notFound })).toBe(false);
    expect(isInsufficient({ code: 402 })).toBe(true);
    expect(isTooMany({ code: 429 })).toBe(true);
    expect(isTooMany({ code: 400 })).toBe(false);
  });
});
