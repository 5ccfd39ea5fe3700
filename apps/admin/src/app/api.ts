import { createAdminClient, storedTokens } from "@platform/api-client/admin";
import type { AdminClient } from "@platform/api-client/admin";
import type { Locale } from "@platform/i18n";

/** The console's one client: the operator's token in this tab's sessionStorage (closing it signs out). */
export function makeClient(locale: () => Locale, onSignedOut: () => void): AdminClient {
  return createAdminClient({
    tokens: storedTokens(typeof sessionStorage === "undefined" ? undefined : sessionStorage),
    language: () => (locale() === "en-US" ? "en_US" : "zh_CN"),
    onSignedOut,
  });
}
