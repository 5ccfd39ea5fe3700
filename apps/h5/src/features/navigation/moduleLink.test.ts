import { MessageKey, resolveInternalLink } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { moduleLink } from "./moduleLink";

const go = (
  linkType: string | null,
  linkUrl: string | null,
  linkTarget: "INNER_LINK" | "OUTER_LINK" | null = null,
) => resolveInternalLink(moduleLink({ linkType, linkTarget, linkUrl }));

describe("a navigation-map module's link (spec §2 link types)", () => {
  it("ROUTER, and a module whose only meaning is INNER_LINK, go to a screen of the app", () => {
    expect(go("ROUTER", "/home", "INNER_LINK")).toEqual({ kind: "route", to: "/home" });
    expect(go(null, "/starlive", "INNER_LINK")).toEqual({ kind: "route", to: "/starlive" });
    expect(go("LINK", "/trade", "INNER_LINK")).toEqual({ kind: "route", to: "/trade" });
  });

  it("LINK, and a module whose only meaning is OUTER_LINK, open a new tab", () => {
    const tab = { kind: "external", url: "https://example.com/a", newTab: true };
    expect(go("LINK", "https://example.com/a", "OUTER_LINK")).toEqual(tab);
    expect(go("LINK", "https://example.com/a", "INNER_LINK")).toEqual(tab);
    expect(go("LINK", "https://example.com/a")).toEqual(tab);
    expect(go(null, "https://example.com/a", "OUTER_LINK")).toEqual(tab);
    // Never a script address.
    expect(go("LINK", "javascript:alert(1)", "OUTER_LINK")).toMatchObject({ kind: "toast" });
  });

  it("GAME, VIDEO, VIP and GOLD open their screens", () => {
    expect(go("GAME", "/game")).toEqual({ kind: "route", to: "/game" });
    expect(go("VIP", null)).toEqual({ kind: "route", to: "/membervip" });
    expect(go("GOLD", "/trade")).toEqual({ kind: "route", to: "/trade" });
    const video = { kind: "route", to: "/videoview", search: { id: "42" } };
    expect(go("VIDEO", "42")).toEqual(video);
    expect(go("VIDEO", "/videoview?id=42")).toEqual(video);
    expect(go("VIDEO", "/videoview")).toMatchObject({
      kind: "toast",
      message: { key: MessageKey.linkUnsupported },
    });
  });

  it("the types the app has no screen for say so; no type says 'no link type'", () => {
    for (const type of ["NATIONAL_AGENT", "BIND_MOBILE_WELFARE", "CONDO", "FRIEND_APP"]) {
      expect(go(type, "/x")).toEqual({ kind: "toast", message: { key: MessageKey.linkUnsupported } });
    }
    expect(go("SOMETHING_NEW", "/x")).toEqual({ kind: "toast", message: { key: MessageKey.linkMissing } });
    expect(go(null, "/home")).toEqual({ kind: "toast", message: { key: MessageKey.linkMissing } });
    expect(go("", null, null)).toEqual({ kind: "toast", message: { key: MessageKey.linkMissing } });
  });
});
