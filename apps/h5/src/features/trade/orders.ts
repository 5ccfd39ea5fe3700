import {
  OrderTab,
  rechargeActions,
  rechargeStatusView,
  withdrawActions,
  withdrawStatusView,
} from "@platform/domain";
import type { OrderAction, OrderStatusView } from "@platform/domain";
import type { Order } from "./queries/orders";

/** An order's status in the spec's words (a domain message key) and its tone. */
export function statusViewOf(order: Order): OrderStatusView {
  return order.orderType === OrderTab.RECHARGE_ORDER
    ? rechargeStatusView(order.status)
    : withdrawStatusView(order.status);
}

/** What the person can do with an order now (domain rules: cancel, urge once, withdraw again, confirm). */
export function actionsOf(order: Order): readonly OrderAction[] {
  return order.orderType === OrderTab.RECHARGE_ORDER
    ? rechargeActions(order)
    : withdrawActions(order, { retriesToday: order.retriesToday });
}

/** The detail page of an order. */
export function orderDetailSearch(order: Pick<Order, "orderType" | "orderNum">) {
  return { page: order.orderType, orderNum: order.orderNum };
}

/**
 * Whether the app may send the whole window to an address a call gave (a provider's pay page, the
 * e-wallet's page): a web address, or a path of this origin; never `javascript:` or `data:`.
 */
export function isLeavableUrl(url: string | null | undefined): url is string {
  if (url == null) return false;
  const trimmed = url.trim();
  return /^https?:\/\/[^\s/?#\\]+/i.test(trimmed) || (/^\/(?![/\\])/.test(trimmed) && !/\s/.test(trimmed));
}
