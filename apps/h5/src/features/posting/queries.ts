import type { PlatformApi } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";

export const postingKeys = {
  config: () => ["substance", "creationConfig"] as const,
  usage: () => ["upload", "usage"] as const,
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

/**
 * The person's uploads against their limits (Step 18): the storage they keep ("x MB of y MB
 * used" on /editvideo), asked afresh each time the editor opens and after each upload.
 */
export function uploadUsageQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: postingKeys.usage(),
    queryFn: ({ signal }) => api.upload.usage({}, { signal, quiet: true }),
    staleTime: 0,
  });
}
