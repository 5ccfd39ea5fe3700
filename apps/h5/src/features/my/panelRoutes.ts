import { CollectionTab, OrderTab } from "@platform/domain";
import type { MyPanelTarget } from "@platform/ui";

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

/**
 * One's own creation centre: /creationcenter?id={own id} (the route also opens one's own page
 * without an id, e.g. after signing in from a signed-out tap).
 */
export function myWorksHref(ownId: string): string {
  return ownId === ""
    ? "/creationcenter"
    : `/creationcenter?${new URLSearchParams({ id: ownId }).toString()}`;
}

/** The app path (with its search) a panel destination opens. */
export function panelRouteOf(target: MyPanelTarget): string {
  return panelRoutes[target];
}

/**
 * A page that remembers where the person was (`?from=`), so its back — and, for membership, a
 * purchase — returns there: the recharge page (the 'my' panel's recharge entries, the buy popup's
 * 'goto recharge') and the member centre (the panel's membership entries, the watch screen's
 * membership dialog).
 */
export function routeFrom(path: "/trade" | "/membervip", currentHref: string): string {
  if (currentHref.toLowerCase().split(/[?#]/)[0] === path) return path;
  return `${path}?${new URLSearchParams({ from: currentHref }).toString()}`;
}

/** The recharge page remembering where the person was (see `routeFrom`). */
export function rechargeRouteFrom(currentHref: string): string {
  return routeFrom("/trade", currentHref);
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
