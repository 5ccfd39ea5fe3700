import type { PlatformApi, Profile, ResponseOf } from "@platform/api-client";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";

/**
 * The signed-in person's own data — profile, balances, membership benefits, activity props, unread
 * messages — under one key root. The 'my' panel shows all of it; other screens read the same
 * queries (the money screens' balances, the member centre, the comment privilege), so one answer
 * serves them all, and a change made anywhere is said here (the functions below).
 */
export const sessionKeys = {
  all: ["session"] as const,
  profile: () => [...sessionKeys.all, "profile"] as const,
  /** The account wallet list (every balance type, in hundredths). */
  wallet: () => [...sessionKeys.all, "wallet"] as const,
  activityProps: () => [...sessionKeys.all, "props"] as const,
  memberBenefitsAll: () => [...sessionKeys.all, "memberBenefits"] as const,
  memberBenefits: (userId: string) => [...sessionKeys.memberBenefitsAll(), userId] as const,
  unreadTotal: () => [...sessionKeys.all, "unreadTotal"] as const,
};

export type Wallet = ResponseOf<"trade.accountDetail">;

/** The signed-in person's own profile (nickname, avatar, member ID, membership). */
export function profileQueryOptions(api: Pick<PlatformApi, "user">) {
  return queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: ({ signal }) => api.user.queryInfo({}, { signal }),
  });
}

/** The profile as the server has it now (each account screen asks afresh when it opens). */
export function freshProfileQueryOptions(api: Pick<PlatformApi, "user">) {
  return queryOptions({ ...profileQueryOptions(api), staleTime: 0 });
}

/** The account wallet list (every balance type, in hundredths). */
export function walletQueryOptions(api: { readonly trade: Pick<PlatformApi["trade"], "accountDetail"> }) {
  return queryOptions({
    queryKey: sessionKeys.wallet(),
    queryFn: ({ signal }) => api.trade.accountDetail({}, { signal }),
  });
}

/** Activity props: integral, game tokens, viewing cards. */
export function activityPropsQueryOptions(api: Pick<PlatformApi, "marketing">) {
  return queryOptions({
    queryKey: sessionKeys.activityProps(),
    queryFn: ({ signal }) => api.marketing.propsList({}, { signal }),
  });
}

/** The member benefits of the person (isCommentEnabled is the comment privilege, spec §6). */
export function memberBenefitsQueryOptions(api: Pick<PlatformApi, "user">, userId: string) {
  return queryOptions({
    queryKey: sessionKeys.memberBenefits(userId),
    queryFn: ({ signal }) => api.user.queryMemberBenefits({ userId }, { signal }),
  });
}

/** Unread messages (the message-centre badge). */
export function unreadTotalQueryOptions(api: Pick<PlatformApi, "user">) {
  return queryOptions({
    queryKey: sessionKeys.unreadTotal(),
    queryFn: ({ signal }) => api.user.unreadTotal({}, { signal }),
  });
}

/** Put a saved change into the cached profile (the server said yes; no need to ask again). */
export function patchProfile(queryClient: QueryClient, patch: Partial<Profile>): void {
  queryClient.setQueryData(sessionKeys.profile(), (profile: Profile | undefined) =>
    profile === undefined ? profile : { ...profile, ...patch },
  );
}

/** The profile changed on the server (a new background, say): read again where it shows. */
export function profileChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.profile() });
}

/** The wallet list the server answered after moving money (no need to ask again). */
export function storeWallet(queryClient: QueryClient, wallet: Wallet): void {
  queryClient.setQueryData(sessionKeys.wallet(), wallet);
}

/** Money moved: the balances are read again where they show. */
export function walletChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.wallet() });
}

/**
 * The balances fetched again, and in the cache, before a status that changed them is shown: a
 * fetch already under way (it may have left before the money moved) is dropped for a new one.
 */
export async function refreshWallet(
  queryClient: QueryClient,
  api: Parameters<typeof walletQueryOptions>[0],
): Promise<void> {
  const options = walletQueryOptions(api);
  await queryClient.cancelQueries({ queryKey: options.queryKey });
  await queryClient.query({ ...options, staleTime: 0 });
}

/** Membership bought: the profile, the balances and the benefits are read again. */
export async function membershipChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    profileChanged(queryClient),
    walletChanged(queryClient),
    queryClient.invalidateQueries({ queryKey: sessionKeys.memberBenefitsAll() }),
  ]);
}

/**
 * After messages were marked read: the badge takes the unread count the server answered at once,
 * and its query is invalidated (refetched wherever it shows).
 */
export async function unreadChanged(queryClient: QueryClient, total: number): Promise<void> {
  queryClient.setQueryData(sessionKeys.unreadTotal(), { total });
  await queryClient.invalidateQueries({ queryKey: sessionKeys.unreadTotal() });
}

/** Putting a saved change into the cached profile, from a component (see `patchProfile`). */
export function usePatchProfile(): (patch: Partial<Profile>) => void {
  const queryClient = useQueryClient();
  return (patch) => {
    patchProfile(queryClient, patch);
  };
}
