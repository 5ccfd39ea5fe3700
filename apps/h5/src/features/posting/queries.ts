import type { PlatformApi } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";

export const postingKeys = {
  config: () => ["substance", "creationConfig"] as const,
  video: (id: string) => ["posting", "video", id] as const,
};

/** The rules of posting (prices, preview, types and sizes): the server's settings, kept a while. */
export function creationConfigQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: postingKeys.config(),
    queryFn: ({ signal }) => api.substance.creationConfig({}, { signal, quiet: true }),
    staleTime: 10 * 60_000,
  });
}

/**
 * One of the person's own videos with its author's view (`owner`: status reason, progress, the
 * pending edit), asked afresh each time the editor opens.
 */
export function ownVideoQueryOptions(api: PlatformApi, id: string) {
  return queryOptions({
    queryKey: postingKeys.video(id),
    queryFn: ({ signal }) => api.substance.getInfoById({ id }, { signal, quiet: true }),
    staleTime: 0,
    gcTime: 0,
  });
}
