// The routes' `validateSearch` functions: what each route reads from its search params. (How the
// params are written in the URL and read back as text is search-params.ts.)
import {
  CollectionTab,
  OrderTab,
  collectionTabs,
  isOneOf,
  orderTabs,
  safeRedirectTarget,
} from "@platform/domain";

/** Typed search params of the routes (spec §2), validated at the URL boundary: bad values fall back. */
export interface IdSearch {
  readonly id?: string;
}
export function validateIdSearch(search: Record<string, unknown>): IdSearch {
  const id = search.id;
  return typeof id === "string" || typeof id === "number" ? { id: String(id) } : {};
}
/** The id of a page (`?id=`, e.g. /creationcenter's user): nothing to look up when missing or blank. */
export function pageIdOf(id: string | undefined): string | null {
  const trimmed = id?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

export interface CollectionSearch {
  readonly active: CollectionTab;
}
export function validateCollectionSearch(search: Record<string, unknown>): CollectionSearch {
  return { active: isOneOf(collectionTabs, search.active) ? search.active : CollectionTab.ALL };
}

export interface OrderTabSearch {
  readonly tab: OrderTab;
}
export function validateOrderTabSearch(search: Record<string, unknown>): OrderTabSearch {
  return { tab: isOneOf(orderTabs, search.tab) ? search.tab : OrderTab.RECHARGE_ORDER };
}

export interface OrderPageSearch {
  readonly page: OrderTab;
}
export function validateOrderPageSearch(search: Record<string, unknown>): OrderPageSearch {
  return { page: isOneOf(orderTabs, search.page) ? search.page : OrderTab.RECHARGE_ORDER };
}

export interface LoginSearch {
  readonly redirect?: string;
}
/** Only a path of this app survives as the redirect target (no open redirects). */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return typeof search.redirect === "string" ? { redirect: safeRedirectTarget(search.redirect) } : {};
}

export interface FromSearch {
  /** Where the header's back (and a finished task) returns: a path of this app only (no open redirects). */
  readonly from?: string;
}
/**
 * `from` is written even when it is not valid (as undefined): the router lays a route's search over
 * the root's raw params, so a key left out would keep the raw value.
 */
export function validateFromSearch(search: Record<string, unknown>): FromSearch {
  const from = search.from;
  return { from: typeof from === "string" && safeRedirectTarget(from) === from ? from : undefined };
}

/** /starlive: a room (`?room=`, an id) or one's own room (`?mine=1`); anything else is the list. */
export interface LiveSearch {
  readonly room?: string;
  readonly mine?: 1;
}
export function validateLiveSearch(search: Record<string, unknown>): LiveSearch {
  const room = typeof search.room === "number" ? String(search.room) : search.room;
  if (typeof room === "string" && /^[1-9]\d{0,15}$/.test(room)) return { room };
  return search.mine === 1 || search.mine === "1" ? { mine: 1 } : {};
}
