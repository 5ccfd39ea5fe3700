import { describe, expect, it } from "vitest";
import { MessageKey } from "./messages";
import {
  guardRoute,
  headerBackTarget,
  isPublicPath,
  logoTarget,
  rootRedirect,
  safeRedirectTarget,
  tabPath,
} from "./navigation";
import { resolveInternalLink, resolvePromotionJump } from "./links";

describe("isPublicPath", () => {
  it.each([
    ["/login", true],
    ["/LOGIN", true],
    ["/login/", true],
    ["/login?redirect=%2Fhome", true],
    ["/d", true],
    ["/d/12", true],
    ["/D/12/videos", true],
    ["/dashboard", false],
    ["/download", false],
    ["/home", false],
    ["/", false],
    ["/loginx", false],
    ["/starlive", true],
    ["/starlive?room=3", true],
    ["/starlivex", false],
  ])("%s → %s", (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});

describe("guardRoute", () => {
  it.each([
    // path, full path, signed in, decision
    ["/login", "/login", true, { action: "redirect", to: "/" }],
    ["/Login", "/Login", true, { action: "redirect", to: "/" }],
    ["/home", "/home", true, { action: "allow" }],
    ["/d/3", "/d/3", true, { action: "allow" }],
    ["/login", "/login", false, { action: "allow" }],
    ["/d/3/live", "/d/3/live", false, { action: "allow" }],
    [
      "/videoview",
      "/videoview?id=42",
      false,
      { action: "redirect", to: "/login", search: { redirect: "/videoview?id=42" } },
    ],
    ["/", "/", false, { action: "redirect", to: "/login", search: { redirect: "/" } }],
    // No page at all: the not-found screen at once, not the sign-in first.
    ["/dashboard", "/dashboard", false, { action: "allow" }],
    ["/no/such/page", "/no/such/page?x=1", false, { action: "allow" }],
    ["/homex", "/homex", false, { action: "allow" }],
    [
      "/MyCollection/",
      "/MyCollection/?active=ALL",
      false,
      { action: "redirect", to: "/login", search: { redirect: "/MyCollection/?active=ALL" } },
    ],
  ])("%s (%s) signed in %s → %j", (path, fullPath, hasToken, decision) => {
    expect(guardRoute({ path, fullPath, hasToken })).toEqual(decision);
  });
});

describe("safeRedirectTarget", () => {
  it.each([
    ["/videoview?id=42", "/videoview?id=42"],
    ["/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [undefined, "/"],
    [42, "/"],
  ])("%j → %s", (redirect, target) => {
    expect(safeRedirectTarget(redirect)).toBe(target);
  });
});

describe("rootRedirect (navigation switch)", () => {
  it.each([
    [null, "/home"],
    [undefined, "/home"],
    ["", "/home"],
    ["0", "/home"],
    ["0.0", "/home"],
    ["abc", "/home"],
    ["Infinity", "/home"],
    ["1", null],
    ["-2", null],
    ["3.5", null],
    [" 1 ", null],
  ])("stored %j → %s", (value, target) => {
    expect(rootRedirect(value)).toBe(target);
  });
});

describe("logo and tabs", () => {
  it.each([
    ["/", null],
    ["/home", "/"],
    ["/search?q=1", "/"],
  ])("logo on %s → %s", (path, target) => {
    expect(logoTarget(path)).toBe(target);
  });

  it("tabs go to '/' plus the tab name", () => {
    expect(tabPath("home")).toBe("/home");
    expect(tabPath("game")).toBe("/game");
  });
});

describe("headerBackTarget", () => {
  it.each([
    ["/accountLogout", {}, "/accountSecuritySettings"],
    ["/editPassword", {}, "/accountSecuritySettings"],
    ["/editphone", {}, "/accountSecuritySettings"],
    ["/bindPhone/", {}, "/accountSecuritySettings"],
    ["/addBankCard", {}, "/cardManage"],
    ["/addMyCollection", {}, "/myCollection?active=FAVORITES"],
    ["/collection", {}, "/myCollection?active=FAVORITES"],
    ["/orderDetails", { page: "WITHDRAW_ORDER" }, "/orderManage?tab=WITHDRAW_ORDER"],
    ["/orderdetails", { page: "RECHARGE_ORDER" }, "/orderManage?tab=RECHARGE_ORDER"],
    ["/orderdetails", { page: "<script>" }, "/orderManage?tab=RECHARGE_ORDER"],
    ["/orderdetails", {}, "/orderManage?tab=RECHARGE_ORDER"],
  ])("%s %j → %s", (path, search, to) => {
    expect(headerBackTarget(path, search)).toEqual({ kind: "path", to });
  });

  it.each([["/videoview"], ["/mysettings"], ["/myCollection"]])("%s → previous route or home", (path) => {
    expect(headerBackTarget(path)).toEqual({ kind: "previous", fallback: "/home" });
  });
});

describe("resolveInternalLink", () => {
  const unsupported = { kind: "toast", message: { key: MessageKey.linkUnsupported } };
  const missing = { kind: "toast", message: { key: MessageKey.linkMissing } };

  it.each([
    [
      { type: "LINK", url: "https://example.com/a?b=1", target: "OUTER_LINK" },
      { kind: "external", url: "https://example.com/a?b=1", newTab: true },
    ],
    [
      { type: "LINK", url: " http://example.com ", target: "INNER_LINK" },
      { kind: "external", url: "http://example.com", newTab: false },
    ],
    [{ type: "LINK", url: "javascript:alert(1)" }, unsupported],
    [{ type: "LINK", url: "data:text/html,hi" }, unsupported],
    [{ type: "LINK", url: "https:///nohost" }, unsupported],
    [{ type: "LINK" }, unsupported],
    [
      { type: "ROUTER", path: "/membervip" },
      { kind: "route", to: "/membervip" },
    ],
    [{ type: "ROUTER", path: "//evil.example" }, unsupported],
    [{ type: "ROUTER", path: "membervip" }, unsupported],
    [{ type: "ROUTER" }, unsupported],
    [{ type: "GAME" }, { kind: "route", to: "/game" }],
    [
      { type: "VIDEO", id: 42 },
      { kind: "route", to: "/videoview", search: { id: "42" } },
    ],
    [{ type: "VIDEO", id: "" }, unsupported],
    [{ type: "VIDEO" }, unsupported],
    [{ type: "VIP" }, { kind: "route", to: "/membervip" }],
    [{ type: "GOLD" }, { kind: "route", to: "/trade" }],
    [{ type: "NATIONAL_AGENT" }, unsupported],
    [{ type: "BIND_MOBILE_WELFARE" }, unsupported],
    [{ type: "CONDO" }, unsupported],
    [{ type: "FRIEND_APP" }, unsupported],
    [{ type: "SOMETHING_NEW" }, missing],
    [{ type: null }, missing],
    [{ type: undefined }, missing],
  ])("%j → %j", (link, action) => {
    expect(resolveInternalLink(link)).toEqual(action);
  });
});

describe("resolvePromotionJump", () => {
  it.each([
    [{ jumpType: "GOLD" }, { kind: "route", to: "/trade" }],
    [
      { jumpType: "LINK", jumpAdress: "https://promo.example/x" },
      { kind: "external", url: "https://promo.example/x", newTab: true },
    ],
    [
      { jumpType: "LINK", jumpAdress: "javascript:void(0)" },
      { kind: "toast", message: { key: MessageKey.linkUnsupported } },
    ],
    [{ jumpType: "VIDEO" }, { kind: "toast", message: { key: MessageKey.linkMissing } }],
    [{ jumpType: null }, { kind: "toast", message: { key: MessageKey.linkMissing } }],
  ])("%j → %j", (jump, action) => {
    expect(resolvePromotionJump(jump)).toEqual(action);
  });
});
