import { OrderTab, isOneOf, orderTabs } from "./enums";

/** Routes are matched without regard to case: the spec writes both /myCollection and /mycollection. */
function normalise(path: string): string {
  const bare = path.replace(/[?#].*$/s, "").toLowerCase();
  return bare.length > 1 && bare.endsWith("/") ? bare.slice(0, -1) : bare;
}

export const LOGIN_PATH = "/login";
export const HOME_PATH = "/home";

/** Only /login, the live rooms (/starlive) and the channel pages /d/… open without signing in (spec §2). */
export function isPublicPath(path: string): boolean {
  const p = normalise(path);
  return p === LOGIN_PATH || p === "/starlive" || p === "/d" || p.startsWith("/d/");
}

/**
 * Every page of the app (spec §2), lower case, besides the channel pages /d/…. An address outside
 * these is no page at all: it shows the not-found screen, signed in or not (never the sign-in
 * first). The h5 app's tests check this list against its route tree, and its boot script carries it.
 */
export const appPaths = [
  "/",
  "/accountlogout",
  "/accountsecuritysettings",
  "/addbankcard",
  "/addmycollection",
  "/bindphone",
  "/cardmanage",
  "/collection",
  "/creationcenter",
  "/editpassword",
  "/editphone",
  "/editprofile",
  "/editvideo",
  "/game",
  "/home",
  "/idcard",
  "/keywordsearch",
  LOGIN_PATH,
  "/membervip",
  "/messages",
  "/messagesettings",
  "/mybuy",
  "/mycollection",
  "/myhistory",
  "/mysettings",
  "/orderdetails",
  "/ordermanage",
  "/scanidcard",
  "/search",
  "/starlive",
  "/trade",
  "/trend",
  "/videoview",
  "/withdraw",
] as const;

/** True for an address of one of the app's pages (`appPaths`, or a channel page /d/…). */
export function isAppPath(path: string): boolean {
  const p = normalise(path);
  return (appPaths as readonly string[]).includes(p) || p === "/d" || p.startsWith("/d/");
}

export type GuardDecision =
  | { readonly action: "allow" }
  | { readonly action: "redirect"; readonly to: string; readonly search?: { readonly redirect: string } };

/**
 * The route guard (spec §2): signed in, /login sends you to /; signed out, any page of the app
 * but a public one sends you to /login remembering the full path you wanted (an address that is
 * no page shows the not-found screen directly).
 */
export function guardRoute(input: {
  readonly path: string;
  readonly fullPath: string;
  readonly hasToken: boolean;
}): GuardDecision {
  if (input.hasToken)
    return normalise(input.path) === LOGIN_PATH ? { action: "redirect", to: "/" } : { action: "allow" };
  // A public page, or no page at all (the not-found screen needs no account).
  if (isPublicPath(input.path) || !isAppPath(input.path)) return { action: "allow" };
  return { action: "redirect", to: LOGIN_PATH, search: { redirect: input.fullPath } };
}

/**
 * Where a redirect query may send someone after sign-in: a path of this app only. Anything else
 * ("//evil.example", "https://…", "javascript:…") is an open redirect and goes to /.
 */
export function safeRedirectTarget(redirect: unknown): string {
  return typeof redirect === "string" &&
    redirect.startsWith("/") &&
    !redirect.startsWith("//") &&
    !redirect.includes("\\")
    ? redirect
    : "/";
}

/**
 * The navigation map at / redirects to /home unless a stored navigation-switch value is a non-zero
 * number, in which case it stays (null).
 */
export function rootRedirect(storedNavigationSwitch: string | null | undefined): typeof HOME_PATH | null {
  const raw = storedNavigationSwitch?.trim() ?? "";
  const value = raw === "" ? 0 : Number(raw);
  return Number.isFinite(value) && value !== 0 ? null : HOME_PATH;
}

/** The logo goes to / unless already on the navigation map. */
export function logoTarget(currentPath: string): "/" | null {
  return normalise(currentPath) === "/" ? null : "/";
}

/** Bottom-bar tabs navigate to '/' plus the tab name. */
export function tabPath(tab: string): string {
  return `/${tab}`;
}

export type BackTarget =
  | { readonly kind: "path"; readonly to: string }
  | { readonly kind: "previous"; readonly fallback: typeof HOME_PATH };

const backToSecurity = "/accountSecuritySettings";
const fixedBackTargets: Readonly<Record<string, string>> = {
  "/accountlogout": backToSecurity,
  "/editpassword": backToSecurity,
  "/editphone": backToSecurity,
  "/bindphone": backToSecurity,
  "/addbankcard": "/cardManage",
  "/addmycollection": "/myCollection?active=FAVORITES",
  "/collection": "/myCollection?active=FAVORITES",
};

/** Where the shared header's back button goes (spec §2); elsewhere, the previous route or home. */
export function headerBackTarget(path: string, search: Readonly<Record<string, unknown>> = {}): BackTarget {
  const p = normalise(path);
  const fixed = fixedBackTargets[p];
  if (fixed !== undefined) return { kind: "path", to: fixed };
  if (p === "/orderdetails") {
    const tab = isOneOf(orderTabs, search.page) ? search.page : OrderTab.RECHARGE_ORDER;
    return { kind: "path", to: `/orderManage?tab=${tab}` };
  }
  return { kind: "previous", fallback: HOME_PATH };
}
