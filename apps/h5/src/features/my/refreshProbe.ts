import { createApiClient, isApiError, memoryStorage } from "@platform/api-client";
import type { ApiError, ClientStorage } from "@platform/api-client";
import { StorageKey } from "@platform/domain";
import { platformConfig } from "../../app/config";
import type { PlatformConfig } from "../../app/config";
import type { RefreshAccount } from "../../app/session/accounts";

/** A refusal of the refresh itself: the account's session is over (8888), or the server said no. */
export function isRefusedRefresh(error: ApiError): boolean {
  return error.kind === "sessionExpired" || (error.kind === "business" && error.status !== 429);
}

/**
 * Refreshes a remembered account's token (`auth.tokenRefresh`, as the client's own refresh does)
 * with a client of its own: no hooks, its session in memory. The app's client would take a refused
 * refresh (8888 invalid_grant) for the end of the signed-in session — the 'tip' dialog, whose
 * confirm clears local storage — whereas a remembered account refused is only dropped from the list.
 * The language and platform id of `storage` go along (every call says the reader's language).
 */
export function probeRefresh(
  storage: ClientStorage,
  options: {
    readonly config?: () => PlatformConfig;
    /** Tests: where the server is, and how it is reached. */
    readonly baseUrl?: string;
    readonly fetch?: typeof fetch;
  } = {},
): RefreshAccount {
  return async (refreshToken) => {
    const config = (options.config ?? platformConfig)();
    const carried: Record<string, string> = { [StorageKey.refreshToken]: refreshToken };
    for (const key of [StorageKey.language, StorageKey.busPlatformId]) {
      const value = storage.get(key);
      if (value !== null) carried[key] = value;
    }
    const probe = createApiClient({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      reqKey: config.reqKey,
      storage: memoryStorage(carried),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    try {
      const credentials = await probe.client.call(
        "auth.tokenRefresh",
        { refresh_token: refreshToken, grant_type: "refresh_token", scope: "server" },
        { quiet: true },
      );
      return { kind: "ok", credentials };
    } catch (error) {
      if (isApiError(error) && isRefusedRefresh(error)) return { kind: "refused" };
      throw error;
    }
  };
}
