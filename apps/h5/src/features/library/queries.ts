import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { firstPageParam, limits, nextPageParam } from "@platform/domain";
import type { PageParam } from "@platform/domain";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../app/mutation-events";
import type { MutationEvents } from "../../app/mutation-events";
import { membershipChanged } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { useApiMutation } from "../../app/useApiMutation";

export type VipPlan = ResponseOf<"user.vipGoodList">[number];
export type FavoriteFolder = ResponseOf<"substance.getFavorite">[number];

/** Page size of the library lists (spec §9: another page only while the last one was full). */
export const LIBRARY_PAGE_SIZE = limits.pageSize;

/**
 * The library's server state under one key root: the member centre (plans, pictures, benefits),
 * purchases, watch history, favourites folders and what they hold. The membership itself is the
 * session's (app/session/queries).
 */
export const libraryKeys = {
  all: ["library"] as const,
  plans: () => [...libraryKeys.all, "vipPlans"] as const,
  pictures: () => [...libraryKeys.all, "memberPictures"] as const,
  benefits: () => [...libraryKeys.all, "benefitsConfig"] as const,
  bought: () => [...libraryKeys.all, "bought"] as const,
  histories: () => [...libraryKeys.all, "history"] as const,
  history: (keyword: string) => [...libraryKeys.histories(), keyword] as const,
  folders: () => [...libraryKeys.all, "folders"] as const,
  allCollected: () => [...libraryKeys.all, "collected"] as const,
  collected: (folderId: string | null) => [...libraryKeys.allCollected(), folderId ?? "ALL"] as const,
};

/** The page after these, from the last page's cursor (domain `nextPageParam`). */
export function nextLibraryPage(
  lastPage: { readonly records: readonly unknown[]; readonly cursor?: string | null },
  allPages: readonly unknown[],
): PageParam | undefined {
  return nextPageParam(lastPage, allPages.length, LIBRARY_PAGE_SIZE);
}

export function vipPlansQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: libraryKeys.plans(),
    queryFn: ({ signal }) => api.user.vipGoodList({}, { signal }),
  });
}

export function memberPicturesQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: libraryKeys.pictures(),
    queryFn: ({ signal }) => api.user.memberCentrePictures({}, { signal }),
  });
}

export function benefitsConfigQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: libraryKeys.benefits(),
    queryFn: ({ signal }) => api.user.memberBenefitsConfig({}, { signal }),
  });
}

/** Purchased videos, newest first. */
export function boughtQueryOptions(api: PlatformApi) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.bought(),
    queryFn: ({ pageParam, signal }) =>
      api.substance.myBuyVideoList({ ...pageParam, size: LIBRARY_PAGE_SIZE }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextLibraryPage,
  });
}

/** Watch history, most recent first, filtered by a title keyword ('' for all). */
export function historyQueryOptions(api: PlatformApi, keyword: string) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.history(keyword),
    queryFn: ({ pageParam, signal }) =>
      api.search.watchHistory({ ...pageParam, size: LIBRARY_PAGE_SIZE, keyword }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextLibraryPage,
  });
}

export function foldersQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: libraryKeys.folders(),
    queryFn: ({ signal }) => api.substance.getFavorite({}, { signal }),
  });
}

/**
 * Collected videos: all of them (`null`), or one folder's. Quiet: the list says its own error once
 * (a folder that is gone or another person's is the screen's not-found, never a toast as well).
 */
export function collectedQueryOptions(api: PlatformApi, folderId: string | null) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.collected(folderId),
    queryFn: ({ pageParam, signal }) =>
      api.substance.collectList(
        {
          ...pageParam,
          size: LIBRARY_PAGE_SIZE,
          ...(folderId === null ? {} : { favoriteId: folderId }),
        },
        { signal, quiet: true },
      ),
    initialPageParam: firstPageParam,
    getNextPageParam: nextLibraryPage,
  });
}

/**
 * After a membership purchase: every answer that shows membership, benefits or gold is stale — the
 * session's and the library's lists of videos (their rights).
 */
async function afterMembershipChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    membershipChanged(queryClient),
    queryClient.invalidateQueries({ queryKey: libraryKeys.bought() }),
    queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
    queryClient.invalidateQueries({ queryKey: libraryKeys.allCollected() }),
  ]);
}

/** After the folders or their videos changed. */
async function afterCollectionChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
    queryClient.invalidateQueries({ queryKey: libraryKeys.allCollected() }),
  ]);
}

export type MembershipPurchase = Parameters<PlatformApi["user"]["openVipAccount"]>[0];

/** Buying membership with gold (quiet: the screen toasts a refusal); then membership is read again. */
export function useBuyMembershipMutation(
  on: MutationEvents<ResponseOf<"user.openVipAccount">, MembershipPurchase> = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchase: MembershipPurchase) => api.user.openVipAccount(purchase, { quiet: true }),
    onSuccess: (result, purchase) =>
      succeeded(on, result, purchase, () => afterMembershipChange(queryClient)),
    onError: (error, purchase) => failed(on, error, purchase),
  });
}

/** A change of the folders or what they hold (quiet: the screen words refusals); then they are read again. */
function useCollectionMutation<TData, TVariables>(
  call: (api: PlatformApi, variables: TVariables) => Promise<TData>,
  on: MutationEvents<TData, TVariables>,
) {
  return useApiMutation(call, on, afterCollectionChange);
}

/** A new favourites folder, by its name. */
export function useCreateFolderMutation(on: MutationEvents<FavoriteFolder, string> = {}) {
  return useCollectionMutation(
    (api, name: string) => api.substance.createFavorite({ name }, { quiet: true }),
    on,
  );
}

/** A folder's new name. */
export function useRenameFolderMutation(
  on: MutationEvents<unknown, { readonly id: string; readonly name: string }> = {},
) {
  return useCollectionMutation(
    (api, input: { readonly id: string; readonly name: string }) =>
      api.substance.updateFavorite(input, { quiet: true }),
    on,
  );
}

/** Deleting a folder (by id). */
export function useDeleteFolderMutation(on: MutationEvents<unknown, string> = {}) {
  return useCollectionMutation(
    (api, id: string) => api.substance.deleteFavorite({ id }, { quiet: true }),
    on,
  );
}

/** Videos of a folder moved to another one, or removed from it (they stay collected). */
export type FolderVideosChange =
  | {
      readonly kind: "move";
      readonly from: string;
      readonly to: string;
      readonly substanceIds: readonly string[];
    }
  | { readonly kind: "remove"; readonly from: string; readonly substanceIds: readonly string[] };

export function useFolderVideosMutation(on: MutationEvents<FolderVideosChange, FolderVideosChange> = {}) {
  return useCollectionMutation(async (api, change: FolderVideosChange) => {
    const substanceIds = [...change.substanceIds];
    if (change.kind === "move")
      await api.substance.bindCollect({ favoriteId: change.to, substanceIds }, { quiet: true });
    await api.substance.unbindCollect({ favoriteId: change.from, substanceIds }, { quiet: true });
    return change;
  }, on);
}

/** Watch history to forget: some videos, or all of it. */
export type HistoryDeletion =
  { readonly kind: "some"; readonly ids: readonly string[] } | { readonly kind: "all" };

/** Forgetting watch history (quiet: the screen toasts a refusal); then the history is read again. */
export function useDeleteHistoryMutation(on: MutationEvents<unknown, HistoryDeletion> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: HistoryDeletion) =>
      api.search.deleteWatchHistory(what.kind === "all" ? { all: true } : { substanceIds: [...what.ids] }, {
        quiet: true,
      }),
    onSuccess: (data, what) =>
      succeeded(on, data, what, () => queryClient.invalidateQueries({ queryKey: libraryKeys.histories() })),
    onError: (error, what) => failed(on, error, what),
  });
}
