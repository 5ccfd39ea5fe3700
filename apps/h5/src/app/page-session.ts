import { pageSessionCookies, pageSessionOfClient } from "@platform/api-client";
import type { ApiClient } from "@platform/api-client";

/**
 * Keeps the page-session cookie (decision 0035) in step with the session, so the next navigation to
 * /home or /videoview arrives with its first screen's data: now, and whenever the page is hidden or
 * left (a refreshed token, a sign-in or a sign-out since is then what it carries). Loaded after the
 * first paint (main.tsx): nothing of it is in a page's first load.
 */
export function keepPageSession(client: ApiClient): void {
  const write = () => {
    for (const cookie of pageSessionCookies(pageSessionOfClient(client), location.protocol === "https:")) {
      // The Cookie Store API is not in every browser the app serves.
      document.cookie = cookie;
    }
  };
  write();
  addEventListener("pagehide", write);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") write();
  });
}
