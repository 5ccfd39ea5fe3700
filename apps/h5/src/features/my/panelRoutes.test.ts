import { describe, expect, it } from "vitest";
import { routeFrom } from "../../app/route-from";
import { panelHrefOf, panelRouteOf } from "./panelRoutes";

describe("the 'my' panel's destinations", () => {
  it("open their routes of spec §2", () => {
    expect(panelRouteOf("myBuy")).toBe("/mybuy");
    expect(panelRouteOf("myCollection")).toBe("/mycollection?active=ALL");
    expect(panelRouteOf("myHistory")).toBe("/myhistory");
    expect(panelRouteOf("orderManage")).toBe("/ordermanage?tab=RECHARGE_ORDER");
    expect(panelRouteOf("recharge")).toBe("/trade");
    expect(panelRouteOf("withdraw")).toBe("/withdraw");
    expect(panelRouteOf("cardManage")).toBe("/cardmanage");
    expect(panelRouteOf("settings")).toBe("/mysettings");
    expect(panelRouteOf("idCard")).toBe("/idcard");
    expect(panelRouteOf("messages")).toBe("/messages");
    expect(panelRouteOf("postVideo")).toBe("/editvideo");
  });

  it("'my videos' is one's own creation centre", () => {
    expect(panelHrefOf("myWorks", "/home", "7")).toBe("/creationcenter?id=7");
    expect(panelHrefOf("myWorks", "/home")).toBe("/creationcenter");
  });

  it("send every membership entry to the membership page", () => {
    for (const target of ["superVip", "openVip", "renew", "buySuperVip"] as const) {
      expect(panelRouteOf(target)).toBe("/membervip");
    }
  });

  it("the recharge and membership entries remember the page they were pressed on; the rest do not", () => {
    expect(panelHrefOf("renew", "/videoview?id=42")).toBe("/membervip?from=%2Fvideoview%3Fid%3D42");
    expect(panelHrefOf("recharge", "/home")).toBe("/trade?from=%2Fhome");
    expect(panelHrefOf("myBuy", "/home")).toBe("/mybuy");
    // Already there: no page remembers itself.
    expect(routeFrom("/membervip", "/membervip?from=%2Fhome")).toBe("/membervip");
  });
});
