/**
 * The page-session cookie (Step 23, decision 0035): the access token the app already keeps, the
 * time zone and language of its calls and its platform id, sent only with the navigations of the
 * pages that carry their first screen's data (`Path`), never with a call or a file. The app writes
 * it (lazily: it is not in any page's first load), the server reads it.
 */
import { StorageKey, deviceTimeZoneHeader, languageHeader } from "@platform/domain";
import type { ClientSession } from "../session";
/**
 * The pages whose HTML carries their first screen's data, each the path of its own cookie (a
 * cookie's path also covers what lies under it: `/d` is every channel's page). Never `/`: that
 * cookie would go with every call and file.
 */
export const PAGE_DATA_PATHS = [
  "/home",
  "/videoview",
  "/d",
  "/starlive",
  "/game",
  "/trade",
  "/withdraw",
  "/cardmanage",
  "/ordermanage",
  "/orderdetails",
  "/membervip",
  "/mybuy",
  "/mycollection",
  "/collection",
  "/addmycollection",
  "/editvideo",
  "/creationcenter",
  "/messagesettings",
  "/editprofile",
  "/editphone",
  "/editpassword",
  "/accountsecuritysettings",
  "/accountlogout",
] as const;

/** The cookie's name (one per path in `PAGE_DATA_PATHS`, same name). */
export const PAGE_SESSION_COOKIE = "pf_page";

/**
 * What the cookie says: the calls' `Authorization` token, `time-zone` and `language` headers, and
 * the `bus_platform_id` of media URLs ("" for none), so the page's preloads are the player's URLs.
 */
export interface PageSession {
  readonly accessToken: string;
  readonly timeZone: string;
  readonly language: string;
  readonly busPlatformId: string;
}

/** The cookie's value (URL-encoded form fields: t, z, l). */
export function encodePageSession(session: PageSession): string {
  const form = new URLSearchParams({
    t: session.accessToken,
    z: session.timeZone,
    l: session.language,
    b: session.busPlatformId,
  });
  return encodeURIComponent(form.toString());
}

/** Kept as long as a refresh token could keep the session going; an old token is simply refused. */
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * The cookie as `document.cookie` assignments, one per page path (sent only with those pages'
 * navigations, never with a call or a file); with no session, assignments that delete them.
 * `SameSite=Lax`: a link from another site to a video still opens with its data, which only this
 * origin's scripts can read.
 */
export function pageSessionCookies(session: PageSession | null, secure: boolean): string[] {
  const flags = `SameSite=Lax${secure ? "; Secure" : ""}`;
  return PAGE_DATA_PATHS.map((path) =>
    session === null
      ? `${PAGE_SESSION_COOKIE}=; Path=${path}; Max-Age=0; ${flags}`
      : `${PAGE_SESSION_COOKIE}=${encodePageSession(session)}; Path=${path}; Max-Age=${String(COOKIE_MAX_AGE_S)}; ${flags}`,
  );
}

const TOKEN = /^[\w.~+/=-]{1,2048}$/;
const ZONE = /^GMT[+-]\d{2}:\d{2}$/;
const LANGUAGE = /^[a-z]{2}_[A-Z]{2}$/;
const PLATFORM_ID = /^[\w.-]{0,64}$/;

/** The session of a `Cookie` header, or null when it has none or it is not well formed. */
export function pageSessionOf(cookieHeader: string | undefined): PageSession | null {
  if (cookieHeader === undefined) return null;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== PAGE_SESSION_COOKIE) continue;
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      return null;
    }
    const session = {
      accessToken: form.get("t") ?? "",
      timeZone: form.get("z") ?? "",
      language: form.get("l") ?? "",
      busPlatformId: form.get("b") ?? "",
    };
    const wellFormed =
      TOKEN.test(session.accessToken) &&
      ZONE.test(session.timeZone) &&
      LANGUAGE.test(session.language) &&
      PLATFORM_ID.test(session.busPlatformId);
    return wellFormed ? session : null;
  }
  return null;
}

/**
 * What a server needs to answer a client's first screen: its session's token and the headers its
 * calls carry (the device's time zone, the language), and its platform id; null when signed out.
 */
export function pageSessionOfClient(client: ClientSession): PageSession | null {
  const accessToken = client.accessToken;
  if (accessToken === null || accessToken === "") return null;
  return {
    accessToken,
    timeZone: deviceTimeZoneHeader(),
    language: languageHeader(client.language),
    busPlatformId: client.storage.get(StorageKey.busPlatformId) ?? "",
  };
}
