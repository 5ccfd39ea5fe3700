import type { ApiClient, ClientStorage, Credentials } from "@platform/api-client";
import { StorageKey, parseStoredUserInfo } from "@platform/domain";
import type { StoredUserInfo } from "@platform/domain";

/**
 * The accounts signed in on this device ('switch account', spec §2), in localStorage beside the
 * session's own keys. Each keeps its own tokens: switching to one refreshes its token (a revoked
 * one — password changed elsewhere, account deleted — is dropped) and makes it the session. The
 * signed-in account's tokens rotate on every refresh, so its entry is brought up to date from the
 * session's keys before the app leaves it.
 */
export const REMEMBERED_ACCOUNTS_KEY = "rememberedAccounts";

/** Most accounts remembered; signing in another forgets the one used longest ago. */
export const MAX_REMEMBERED_ACCOUNTS = 10;

export interface RememberedAccount {
  readonly id: string;
  readonly nickname: string;
  readonly avatarFileUrl: string | null;
  readonly mobile: string | null;
  readonly accessToken: string;
  readonly refreshToken: string;
  /** The stored user info of the account (what the session keeps under `userInfo`). */
  readonly userInfo: StoredUserInfo;
}

/** What of the API client the list uses: its storage and its own session methods. */
export type SessionClient = Pick<ApiClient, "storage" | "userInfo" | "saveCredentials" | "signOut" | "call">;

/** What the app shows of an account (its profile's latest words, when loaded). */
export interface AccountLooks {
  readonly nickname?: string | null;
  readonly avatarFileUrl?: string | null;
  readonly mobile?: string | null;
}

/** A refresh of a remembered account's token: new credentials, or refused (the session is over). */
export type RefreshOutcome =
  { readonly kind: "ok"; readonly credentials: Credentials } | { readonly kind: "refused" };

/** Refreshes a refresh token; rejects when the answer did not come (network, server failure). */
export type RefreshAccount = (refreshToken: string) => Promise<RefreshOutcome>;

export type SwitchOutcome =
  /** The session is now `account`'s; `previous` is the account left (remembered). */
  | {
      readonly kind: "switched";
      readonly account: RememberedAccount;
      readonly previous: RememberedAccount | null;
    }
  /** The account's session was over: it is no longer remembered, and nothing else changed. */
  | { readonly kind: "refused"; readonly account: RememberedAccount }
  /** No such account is remembered, or it is the one signed in. */
  | { readonly kind: "none" };

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function idOf(userInfo: StoredUserInfo | null): string | null {
  const id = userInfo?.id;
  return typeof id === "string" || typeof id === "number" ? text(String(id)) : null;
}

function parseAccount(value: unknown): RememberedAccount | null {
  if (typeof value !== "object" || value === null) return null;
  const entry = value as Record<string, unknown>;
  const id = text(entry.id);
  const accessToken = text(entry.accessToken);
  const refreshToken = text(entry.refreshToken);
  const userInfo = entry.userInfo;
  if (id === null || accessToken === null || refreshToken === null) return null;
  if (typeof userInfo !== "object" || userInfo === null || Array.isArray(userInfo)) return null;
  return {
    id,
    nickname: text(entry.nickname) ?? "",
    avatarFileUrl: text(entry.avatarFileUrl),
    mobile: text(entry.mobile),
    accessToken,
    refreshToken,
    userInfo: userInfo as StoredUserInfo,
  };
}

/** The remembered accounts, the one used last first; anything unreadable counts as none. */
export function rememberedAccounts(storage: ClientStorage): RememberedAccount[] {
  const raw = storage.get(REMEMBERED_ACCOUNTS_KEY);
  if (raw === null || raw === "") return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const accounts: RememberedAccount[] = [];
  for (const item of value) {
    const account = parseAccount(item);
    if (account === null || seen.has(account.id)) continue;
    seen.add(account.id);
    accounts.push(account);
  }
  return accounts;
}

function write(storage: ClientStorage, accounts: readonly RememberedAccount[]): void {
  if (accounts.length === 0) storage.remove(REMEMBERED_ACCOUNTS_KEY);
  else storage.set(REMEMBERED_ACCOUNTS_KEY, JSON.stringify(accounts.slice(0, MAX_REMEMBERED_ACCOUNTS)));
}

/** The id of the signed-in account (null for none, or a guest session). */
export function currentAccountId(client: Pick<SessionClient, "userInfo">): string | null {
  return idOf(client.userInfo);
}

/**
 * Remember the signed-in account (or bring its entry up to date): its current tokens and user info
 * from the session; its looks from `looks` (the profile), else what the entry had unless the user
 * info changed since (a sign-in, a refresh), else the user info. It becomes the first entry. Null
 * when nobody is signed in.
 */
export function rememberCurrentAccount(
  client: SessionClient,
  looks: AccountLooks = {},
): RememberedAccount | null {
  const { storage } = client;
  const accessToken = text(storage.get(StorageKey.accessToken));
  const refreshToken = text(storage.get(StorageKey.refreshToken));
  const userInfo = parseStoredUserInfo(storage.get(StorageKey.userInfo));
  const id = idOf(userInfo);
  if (accessToken === null || refreshToken === null || userInfo === null || id === null) return null;
  const others = rememberedAccounts(storage);
  const before = others.find((account) => account.id === id);
  // The user info's looks are as new as the last sign-in or refresh; the entry's may be newer (the
  // profile's), and stand while the user info is the one the entry was written with.
  const sameInfo = before !== undefined && JSON.stringify(before.userInfo) === JSON.stringify(userInfo);
  const pick = (key: keyof AccountLooks, infoKey: string): string | null => {
    const given = looks[key];
    if (given !== undefined) return text(given);
    const stored = sameInfo ? (before[key] ?? text(userInfo[infoKey])) : text(userInfo[infoKey]);
    return stored ?? before?.[key] ?? null;
  };
  const account: RememberedAccount = {
    id,
    nickname: pick("nickname", "nickName") ?? "",
    avatarFileUrl: pick("avatarFileUrl", "avatarFileUrl"),
    mobile: pick("mobile", "mobile"),
    accessToken,
    refreshToken,
    userInfo,
  };
  write(storage, [account, ...others.filter((other) => other.id !== id)]);
  return account;
}

/** Forget one account on this device (its tokens too; the server session is not revoked). */
export function forgetAccount(storage: ClientStorage, id: string): void {
  const accounts = rememberedAccounts(storage);
  const kept = accounts.filter((account) => account.id !== id);
  if (kept.length !== accounts.length) write(storage, kept);
}

/**
 * End a session on the server (auth.tokenRevoke): its refresh token's whole family is revoked, so
 * neither a copy of the access token nor of the refresh token works after. Quiet and never
 * rejecting: offline, the tokens expire on their own. Answers whether the server confirmed.
 */
export function revokeOnServer(client: SessionClient, refreshToken: string | null): Promise<boolean> {
  if (refreshToken === null || refreshToken === "") return Promise.resolve(false);
  return client.call("auth.tokenRevoke", { refresh_token: refreshToken }, { quiet: true }).then(
    () => true,
    () => false,
  );
}

/**
 * 'Remove' in switch account: forget the account here and end its session on the server (its
 * tokens, copied anywhere, stop working). The revocation is not waited for.
 */
export function removeAccount(client: SessionClient, id: string): void {
  const account = rememberedAccounts(client.storage).find((entry) => entry.id === id);
  forgetAccount(client.storage, id);
  if (account) void revokeOnServer(client, account.refreshToken);
}

/** 'Add account': remember the signed-in account, then sign out here only (its tokens stay valid). */
export function signOutKeepingAccount(client: SessionClient): RememberedAccount | null {
  const account = rememberCurrentAccount(client);
  client.signOut();
  return account;
}

/**
 * 'Log out': the signed-in account leaves the list, and the session ends here at once and on the
 * server (not waited for: signing out never hangs on the network).
 */
export function logOutAccount(client: SessionClient): void {
  const id = currentAccountId(client);
  const refreshToken = client.storage.get(StorageKey.refreshToken);
  if (id !== null) forgetAccount(client.storage, id);
  client.signOut();
  void revokeOnServer(client, refreshToken);
}

/**
 * Switch to a remembered account: remember the signed-in one with its latest tokens, refresh the
 * chosen one's token, and make what the refresh gave the session (and the entry). A refused refresh
 * forgets the chosen account and leaves the session as it was; a refresh that got no answer
 * rejects, changing nothing.
 */
export async function switchAccount(
  client: SessionClient,
  id: string,
  refresh: RefreshAccount,
): Promise<SwitchOutcome> {
  if (id === currentAccountId(client)) return { kind: "none" };
  const account = rememberedAccounts(client.storage).find((entry) => entry.id === id);
  if (account === undefined) return { kind: "none" };
  const previous = rememberCurrentAccount(client);
  const outcome = await refresh(account.refreshToken);
  if (outcome.kind === "refused") {
    forgetAccount(client.storage, id);
    return { kind: "refused", account };
  }
  const { credentials } = outcome;
  client.saveCredentials(credentials);
  // An answer without user info (not one of ours): the entry's, so the session knows who it is.
  if (credentials.user_info === null)
    client.storage.set(StorageKey.userInfo, JSON.stringify(account.userInfo));
  const now = rememberCurrentAccount(client);
  return { kind: "switched", account: now ?? account, previous };
}
