import type { PlatformApi, Profile } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { myKeys, profileQueryOptions } from "../my/queries";

export const accountKeys = {
  /** The own profile: the 'my' panel's query, so a change shows there too. */
  profile: myKeys.profile,
  logoffCheck: () => ["user", "logoffCheck"] as const,
};

/** The own profile as the server has it now (each account screen asks afresh when it opens). */
export function accountProfileQueryOptions(api: PlatformApi) {
  return queryOptions({ ...profileQueryOptions(api), staleTime: 0 });
}

/** What deleting the account would lose, and whether unfinished orders hold it back. */
export function logoffCheckQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: accountKeys.logoffCheck(),
    queryFn: ({ signal }) => api.user.logoffCheck({}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Put a saved change into the cached profile (the server said yes; no need to ask again). */
export function patchProfile(queryClient: QueryClient, patch: Partial<Profile>): void {
  queryClient.setQueryData(accountKeys.profile(), (profile: Profile | undefined) =>
    profile === undefined ? profile : { ...profile, ...patch },
  );
}
