import { CollectionTab, OrderTab } from "@platform/domain";
import type { MyPanelTarget } from "@platform/ui";
import { routeFrom } from "../../app/route-from";
import { myWorksHref } from "../../app/session/own";

/**
 * Where each destination of the 'my' panel lives (spec §2 routes). The message entry opens the
 * message centre (/messages, Step 15), whose header leads on to its settings.
 */
const panelRoutes: Readonly<Record<MyPanelTarget, string>> = {
  superVip: "/membervip",
  openVip: "/membervip",
  renew: "/membervip",
  buySuperVip: "/membervip",
  recharge: "/trade",
  myBuy: "/mybuy",
  myCollection: `/mycollection?active=${CollectionTab.ALL}`,
  myHistory: "/myhistory",
  orderManage: `/ordermanage?tab=${OrderTab.RECHARGE_ORDER}`,
  withdraw: "/withdraw",
  cardManage: "/cardmanage",
  settings: "/mysettings",
  idCard: "/idcard",
  messages: "/messages",
  postVideo: "/editvideo",
  myWorks: "/creationcenter",
};

/** The app path (with its search) a panel destination opens. */
export function panelRouteOf(target: MyPanelTarget): string {
  return panelRoutes[target];
}

/**
 * Where a 'my' panel destination goes: recharge and the membership entries come back here; 'my
 * works' is the page of `ownId` (the signed-in person).
 */
export function panelHrefOf(target: MyPanelTarget, currentHref: string, ownId = ""): string {
  if (target === "myWorks") return myWorksHref(ownId);
  const path = panelRoutes[target];
  return path === "/trade" || path === "/membervip" ? routeFrom(path, currentHref) : path;
}
