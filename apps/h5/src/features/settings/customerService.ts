import type { PlatformApi } from "@platform/api-client";

/** Web addresses only: a `javascript:` or `data:` answer is never opened. */
const webUrl = /^https?:\/\/[^\s/?#\\]+\S*$/i;

/**
 * Whether this browser blocks a window opened after an await (iOS: every browser there is Safari's
 * engine, and iPadOS calls itself a Mac with a touch screen): the window is opened during the tap.
 */
export function opensWindowEarly(nav: Pick<Navigator, "userAgent" | "maxTouchPoints">): boolean {
  return (
    /iPhone|iPad|iPod/i.test(nav.userAgent) || (/Macintosh/i.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

export interface CustomerServiceHost {
  readonly open: (url: string, target: string, features?: string) => Window | null;
  readonly navigator: Pick<Navigator, "userAgent" | "maxTouchPoints">;
}

/**
 * Customer service (spec §7): the server's redirect address opened in a new tab. On iOS an empty
 * tab is opened during the tap (before the call) and sent to the address when it arrives — the
 * popup blocker allows only windows opened by the tap itself — and closed again if the call fails.
 * Resolves whether a tab was sent there (a failed call has been toasted by the client).
 */
export async function openCustomerService(
  api: PlatformApi,
  host: CustomerServiceHost = { open: (...args) => window.open(...args), navigator },
): Promise<boolean> {
  const early = opensWindowEarly(host.navigator) ? host.open("", "_blank") : null;
  if (early !== null) early.opener = null;
  let url: string;
  try {
    ({ url } = await api.system.customService());
  } catch (error) {
    early?.close();
    throw error;
  }
  const target = url.trim();
  if (!webUrl.test(target)) {
    early?.close();
    return false;
  }
  if (early !== null) early.location.href = target;
  else host.open(target, "_blank", "noopener");
  return true;
}
