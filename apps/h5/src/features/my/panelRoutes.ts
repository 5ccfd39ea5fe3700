import { CollectionTab, OrderTab } from "@platform/domain";
import type { MyPanelTarget } from "@platform/ui";

/**
 * Where each destination of the 'my' panel lives (spec §2 routes). There is no message-centre
 * screen in the spec, so the message entry opens the message settings.
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
  messages: "/messagesettings",
};

/** The app path (with its search) a panel destination opens. */
export function panelRouteOf(target: MyPanelTarget): string {
  return panelRoutes[target];
}

/**
 * The recharge page remembering where the person was (`?from=`), so its back returns there: the
 * 'my' panel's recharge entries and the buy popup's 'goto recharge' go through it.
 */
export function rechargeRouteFrom(currentHref: string): string {
  const trade = panelRoutes.recharge;
  if (currentHref.toLowerCase().split(/[?#]/)[0] === trade) return trade;
  return `${trade}?${new URLSearchParams({ from: currentHref }).toString()}`;
}
