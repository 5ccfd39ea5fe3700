// The search params of the money routes (read by the route tree, so kept small: no screen code here).
import { validateFromSearch, validateOrderPageSearch } from "../../app/route-search";
import type { FromSearch, OrderPageSearch } from "../../app/route-search";

/** An order number as the URL carries it (the router may read one of digits as a number). */
function orderNumberOf(value: unknown): string | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return text === "" ? undefined : text;
}

export interface TradeSearch extends FromSearch {
  /** The recharge the provider sent the browser back from. */
  readonly orderNum?: string;
}

/**
 * Every key is written, `undefined` when it is not valid: the router lays a route's search over
 * the root's (the raw params), so a key left out would keep the raw value.
 */
export function validateTradeSearch(search: Record<string, unknown>): TradeSearch {
  return { orderNum: orderNumberOf(search.orderNum), ...validateFromSearch(search) };
}

export interface WithdrawSearch {
  /** 'Withdraw again' names the failed withdrawal. */
  readonly retryOf?: string;
  /** The card to pay out to first: the one just added from here (/addbankcard?from=). */
  readonly card?: string;
}

export function validateWithdrawSearch(search: Record<string, unknown>): WithdrawSearch {
  const card = typeof search.card === "number" ? String(search.card) : search.card;
  return {
    retryOf: orderNumberOf(search.retryOf),
    card: typeof card === "string" && /^[1-9]\d{0,18}$/.test(card) ? card : undefined,
  };
}

/** /addbankcard: where to return once the card is added (else /cardManage). */
export type AddBankCardSearch = FromSearch;
export const validateAddBankCardSearch = validateFromSearch;

/**
 * Where adding a card returns: to `from` — a /withdraw there with the new card chosen (`?card=`) —
 * or to /cardManage when it was opened from there (or directly).
 */
export function afterCardAdded(from: string | undefined, cardId: string): string {
  if (from === undefined) return "/cardmanage";
  const url = new URL(from, "http://app.invalid");
  if (url.pathname.toLowerCase() !== "/withdraw") return from;
  url.searchParams.set("card", cardId);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export interface OrderDetailSearch extends OrderPageSearch {
  readonly orderNum?: string;
}

/** /orderdetails: the tab (`page`, where back returns) and the order shown. */
export function validateOrderDetailSearch(search: Record<string, unknown>): OrderDetailSearch {
  return { ...validateOrderPageSearch(search), orderNum: orderNumberOf(search.orderNum) };
}
