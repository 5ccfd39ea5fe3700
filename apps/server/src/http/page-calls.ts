import { endpoints } from "@platform/api-client/contract";
import type { EndpointDef, EndpointName } from "@platform/api-client/contract";
import {
  CollectionTab,
  DurationBucket,
  OrderTab,
  PriceFilter,
  SortOrder,
  TagFilter,
  collectionTabs,
  defaultVideoListFilters,
  firstPageParam,
  isOneOf,
  limits,
  orderTabs,
} from "@platform/domain";

/**
 * The calls each page's first render makes (Step 23, decisions 0035 and 0038), with their requests
 * exactly as the app sends them (apps/h5: each screen's query options and its route's search
 * validation), for the server to answer into the page. A guess that misses only costs the call
 * the app then makes itself; the e2e journey `page-data.e2e.ts` opens every page and checks that
 * none of these calls leaves the browser before the page's content shows.
 *
 * Only reading calls: no money movement, no token, nothing that writes (the api-client would not
 * hand such an answer out either), and no credential (the identity card's QR login is left out).
 * Not /myhistory: the watch position is reported as the video page is left, a beacon that may land
 * after the next page's HTML was made (the history would miss the last "watched to").
 */

/** One call the first render makes, with its request exactly as the app sends it. */
export interface PlannedCall {
  readonly call: EndpointName;
  readonly request: Readonly<Record<string, unknown>>;
}

const priceFilters = Object.values(PriceFilter);
const sortOrders = Object.values(SortOrder);
const durationBuckets = Object.values(DurationBucket);
const tagFilters = Object.values(TagFilter);

/** An id as the app's routes read it from the address (digits, at most 19). */
function idParam(value: string | null): string | null {
  const id = value?.trim() ?? "";
  return /^\d{1,19}$/.test(id) ? id : null;
}

/** A list's first page as the app's infinite queries ask for it. */
const firstPage = { ...firstPageParam, size: limits.pageSize };

/**
 * /home's first page as the app asks for it (apps/h5 `routes/home.tsx`): its filters from the
 * address, a value the app would not take left at its default.
 */
function homeListRequest(search: URLSearchParams): Record<string, unknown> {
  const pick = <T extends string>(name: string, values: readonly T[], fallback: T): T => {
    const value = search.get(name);
    return isOneOf(values, value) ? value : fallback;
  };
  const tag = search.get("tag");
  const classifyId = idParam(search.get("classifyId"));
  return {
    ...firstPage,
    price: pick("price", priceFilters, defaultVideoListFilters.price),
    sort: pick("sort", sortOrders, defaultVideoListFilters.sort),
    duration: pick("duration", durationBuckets, defaultVideoListFilters.duration),
    tag: isOneOf(tagFilters, tag) ? tag : null,
    ...(classifyId === null ? {} : { classifyId }),
  };
}

const call = (name: EndpointName, request: Readonly<Record<string, unknown>> = {}): PlannedCall => ({
  call: name,
  request,
});

type Planner = (search: URLSearchParams, userId: number) => PlannedCall[];

const profile = () => [call("user.queryInfo")];

/** Per page path (lower case, no trailing slash): its first render's calls. */
const planners: Readonly<Record<string, Planner>> = {
  "/home": (search) => [
    call("substance.getVideoList", homeListRequest(search)),
    call("substance.classifyList", { limit: limits.homeClassifications }),
  ],
  "/videoview": (search, userId) => {
    const id = idParam(search.get("id"));
    if (id === null) return [];
    return [
      call("substance.getInfoById", { id }),
      call("user.queryMemberBenefits", { userId: String(userId) }),
    ];
  },
  "/starlive": () => [call("game.starLiveSdk")],
  "/game": () => [call("game.userBalance"), call("game.indexData")],
  // (Not the EE wallet's entry address: a short-lived link the card asks for when it shows.)
  "/trade": () => [
    call("trade.accountDetail"),
    call("trade.payConfig"),
    call("trade.eepayBalance"),
    call("trade.statement", firstPage),
  ],
  "/withdraw": () => [call("trade.withdrawalDetail"), call("trade.withdrawConfig"), call("trade.payeeCards")],
  "/cardmanage": () => [call("trade.payeeCards")],
  "/ordermanage": (search) => {
    const tab = search.get("tab");
    return [
      call("trade.userBillDetails", {
        tab: isOneOf(orderTabs, tab) ? tab : OrderTab.RECHARGE_ORDER,
        ...firstPage,
      }),
    ];
  },
  "/orderdetails": (search) => {
    const orderNum = search.get("orderNum")?.trim() ?? "";
    const page = search.get("page");
    // A recharge's detail (the default page); a withdrawal's is read from its list.
    const recharge = page === null || page === OrderTab.RECHARGE_ORDER || !isOneOf(orderTabs, page);
    return recharge && /^[\w-]{1,64}$/.test(orderNum) ? [call("trade.orderDetail", { orderNum })] : [];
  },
  "/membervip": () => [
    call("user.queryInfo"),
    call("trade.accountDetail"),
    call("user.vipGoodList"),
    call("user.memberCentrePictures"),
    call("user.memberBenefitsConfig"),
  ],
  "/mybuy": () => [call("substance.myBuyVideoList", firstPage)],
  "/mycollection": (search) => {
    const active = search.get("active");
    const tab = isOneOf(collectionTabs, active) ? active : CollectionTab.ALL;
    return tab === CollectionTab.ALL ? [call("substance.collectList", firstPage)] : [];
  },
  "/collection": (search) => {
    const id = idParam(search.get("id"));
    if (id === null) return [];
    return [call("substance.getFavorite"), call("substance.collectList", { ...firstPage, favoriteId: id })];
  },
  "/addmycollection": () => [call("substance.getFavorite")],
  "/editvideo": (search) => {
    const id = idParam(search.get("id"));
    if (id === null) return [];
    return [call("substance.creationConfig"), call("substance.getInfoById", { id }), call("upload.usage")];
  },
  "/creationcenter": (search, userId) => {
    const asked = search.get("id")?.trim() ?? "";
    const id = asked === "" ? String(userId) : idParam(asked);
    if (id === null) return [];
    // One's own page: every video of one's own and the earnings; another's: their author card
    // (their videos wait for it in the app).
    if (id !== String(userId)) return [call("substance.authorInfo", { userId: id })];
    return [
      call("substance.authorInfo", { userId: id }),
      call("substance.getMyVideoList", firstPage),
      call("substance.creatorEarnings", { days: 30 }),
    ];
  },
  "/messagesettings": () => [call("user.messageSettings")],
  "/editprofile": profile,
  "/editphone": profile,
  "/editpassword": profile,
  "/accountsecuritysettings": profile,
  "/accountlogout": () => [call("user.logoffCheck")],
};

/** The calls of a page's first render (none for a page without its data here). */
export function plannedCalls(pathname: string, search: URLSearchParams, userId: number): PlannedCall[] {
  const page = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  if (page.startsWith("/d/")) {
    const channelTagId = idParam(page.split("/")[2] ?? null);
    if (channelTagId === null) return [];
    return [
      call("substance.getVideoList", { ...firstPage, ...defaultVideoListFilters, tag: null, channelTagId }),
      call("substance.channelInfo", { channelTagId }),
    ];
  }
  const planner = Object.hasOwn(planners, page) ? planners[page] : undefined;
  return (planner?.(search, userId) ?? []).filter(({ call: name }) => readingCall(name));
}

/** A call the page may answer: reads, never moves money or issues a token. */
function readingCall(name: EndpointName): boolean {
  const endpoint: EndpointDef = endpoints[name];
  return endpoint.money !== true && endpoint.kind !== "token";
}

/** The pages this server writes first calls into (the page-session cookie's paths must match). */
export const plannedPages: readonly string[] = [...Object.keys(planners), "/d"];
