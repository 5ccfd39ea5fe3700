import { Language, StorageKey, isOneOf, languages, parseStoredUserInfo } from "@platform/domain";
import type { StoredUserInfo } from "@platform/domain";
import type { ApiClientOptions, SessionEndReason } from "./client-options";
import { endpoints } from "./endpoints";
import type { EndpointDef, EndpointName } from "./endpoints";
import { webStorage } from "./storage";
import type { ClientStorage } from "./storage";
import type { Credentials } from "./types";

/** What one HTTP exchange gave: the envelope's data, or a 401 with the bearer token it carried. */
export type Exchange =
  { unauthorized: false; data: unknown } | { unauthorized: true; token: string | null; statusText: string };

/**
 * The session of the client (spec §3, §4): the stored credentials, the one token refresh that any
 * number of 401s share, and the session's end, told to the host once. Sending is the subclass's
 * (`send`): the refresh is itself a call, and every call reads the stored token.
 */
export abstract class ClientSession {
  readonly storage: ClientStorage;
  protected readonly options: ApiClientOptions;
  private refreshing: Promise<boolean> | null = null;
  private expiredNotified = false;

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.storage = options.storage ?? webStorage();
  }

  get accessToken(): string | null {
    return this.storage.get(StorageKey.accessToken);
  }

  get userInfo(): StoredUserInfo | null {
    return parseStoredUserInfo(this.storage.get(StorageKey.userInfo));
  }

  get language(): Language {
    const stored = this.storage.get(StorageKey.language);
    return isOneOf(languages, stored) ? stored : (this.options.defaultLanguage?.() ?? Language.zhCN);
  }

  /** Keep what a token endpoint answered (spec §3: accessToken, refreshToken, userInfo). */
  saveCredentials(credentials: Credentials): void {
    this.storage.set(StorageKey.accessToken, credentials.access_token);
    this.storage.set(StorageKey.refreshToken, credentials.refresh_token);
    if (credentials.user_info) this.storage.set(StorageKey.userInfo, JSON.stringify(credentials.user_info));
    else this.storage.remove(StorageKey.userInfo);
    this.expiredNotified = false;
  }

  /** Sign out here: forget the tokens and the user (the language and platform id stay). */
  signOut(): void {
    this.storage.remove(StorageKey.accessToken);
    this.storage.remove(StorageKey.refreshToken);
    this.storage.remove(StorageKey.userInfo);
  }

  /** What confirming the expiry dialog does before the reload: clear local storage (spec §4). */
  endSession(): void {
    this.storage.clear();
  }

  protected expire(reason: SessionEndReason): void {
    if (this.expiredNotified) return;
    this.expiredNotified = true;
    this.options.hooks?.onSessionExpired?.(reason);
  }

  /** One refresh for everyone: concurrent 401s share the same promise (spec §4). */
  refreshTokens(): Promise<boolean> {
    this.refreshing ??= (async () => {
      try {
        const refreshToken = this.storage.get(StorageKey.refreshToken);
        if (!refreshToken) return false;
        const def = endpoints["auth.tokenRefresh"];
        const result = await this.send(
          "auth.tokenRefresh",
          def,
          { refresh_token: refreshToken, grant_type: "refresh_token", scope: "server" },
          undefined,
          undefined,
        );
        if (result.unauthorized) return false;
        this.saveCredentials(result.data as Credentials);
        return true;
      } catch {
        return false;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** One HTTP exchange: the envelope's data, or `unauthorized` for a 401; throws everything else. */
  protected abstract send(
    name: EndpointName,
    def: EndpointDef,
    request: object,
    signal: AbortSignal | undefined,
    idempotencyKey: string | undefined,
  ): Promise<Exchange>;
}
