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
