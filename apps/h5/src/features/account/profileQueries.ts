import type { PlatformApi } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";

export const accountKeys = {
  all: ["account"] as const,
  logoffCheck: () => [...accountKeys.all, "logoffCheck"] as const,
};

/** What deleting the account would lose, and whether unfinished orders hold it back. */
export function logoffCheckQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: accountKeys.logoffCheck(),
    queryFn: ({ signal }) => api.user.logoffCheck({}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
