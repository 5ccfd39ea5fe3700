import type { PlatformApi, RequestOf, ResponseOf } from "@platform/api-client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { failed, succeeded } from "../../app/mutation-events";
import type { MutationEvents } from "../../app/mutation-events";
import { useApi } from "../../app/useApi";
import { myVideosChanged } from "../creation/queries";

/**
 * The posting screens' server state under one key root: the rules of posting, the storage used,
 * the video being edited. What they change — one's own videos — is the author's page's
 * (features/creation/queries), read again after each save or deletion.
 */
export const postingKeys = {
  all: ["posting"] as const,
  config: () => [...postingKeys.all, "config"] as const,
  usage: () => [...postingKeys.all, "usage"] as const,
  video: (id: string) => [...postingKeys.all, "video", id] as const,
  earnings: () => [...postingKeys.all, "earnings"] as const,
};

/** The owner's share of their sales in the last 30 days (Step 22), kept a minute. */
export function earningsQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: postingKeys.earnings(),
    queryFn: ({ signal }) => api.substance.creatorEarnings({ days: 30 }, { signal, quiet: true }),
    staleTime: 60_000,
  });
}

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

/**
 * The storage the person's uploads use, following the upload on view (`phase`): asked again when
 * one finishes, fails or is cancelled.
 */
export function useUploadUsage(phase: string | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  const usage = useQuery(uploadUsageQueryOptions(api));
  useEffect(() => {
    if (phase === "done" || phase === "failed" || phase === "cancelled")
      void queryClient.invalidateQueries({ queryKey: postingKeys.usage() });
  }, [phase, queryClient]);
  return usage;
}

type SaveRequest = RequestOf<"substance.saveMyVideo">;

/**
 * Posting a video or saving one's edit: the request is made when the call starts (`prepare` waits
 * for the file's and the cover's upload keys, and may refuse: `on.onError`). Saved, one's videos
 * are read again between `on.onSuccess` and `on.onRefreshed`.
 */
export function useSaveMyVideoMutation(
  on: MutationEvents<ResponseOf<"substance.saveMyVideo">, () => Promise<SaveRequest>> = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prepare: () => Promise<SaveRequest>) => api.substance.saveMyVideo(await prepare()),
    onSuccess: (saved, prepare) => succeeded(on, saved, prepare, () => myVideosChanged(queryClient)),
    onError: (error, prepare) => failed(on, error, prepare),
  });
}

/** Deleting one of one's own videos; then one's videos are read again. */
export function useDeleteMyVideoMutation(on: MutationEvents<unknown, { readonly id: string }> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (video: { readonly id: string }) => api.substance.deleteMyVideo({ id: video.id }),
    onSuccess: (answer, video) => succeeded(on, answer, video, () => myVideosChanged(queryClient)),
    onError: (error, video) => failed(on, error, video),
  });
}
