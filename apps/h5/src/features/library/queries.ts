import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { firstPageParam, limits, nextPageParam } from "@platform/domain";
import type { PageParam } from "@platform/domain";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { membershipChanged } from "../../app/session/queries";

export type VipPlan = ResponseOf<"user.vipGoodList">[number];
export type FavoriteFolder = ResponseOf<"substance.getFavorite">[number];

/** Page size of the library lists (spec §9: another page only while the last one was full). */
export const LIBRARY_PAGE_SIZE = limits.pageSize;

export const libraryKeys = {
  plans: () => ["user", "vipGoods"] as const,
  pictures: () => ["user", "memberCentrePictures"] as const,
  benefits: () => ["user", "memberBenefitsConfig"] as const,
  bought: () => ["substance", "myBuy"] as const,
  history: (keyword: string) => ["search", "history", keyword] as const,
  histories: () => ["search", "history"] as const,
  folders: () => ["substance", "favorites"] as const,
  collected: (folderId: string | null) => ["substance", "collected", folderId ?? "ALL"] as const,
  allCollected: () => ["substance", "collected"] as const,
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

/** After a membership purchase: every answer that shows membership, benefits or gold is stale. */
export async function afterMembershipChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    membershipChanged(queryClient),
    queryClient.invalidateQueries({ queryKey: ["substance"] }),
  ]);
}

/** After the folders or their videos changed. */
export async function afterCollectionChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
    queryClient.invalidateQueries({ queryKey: libraryKeys.allCollected() }),
  ]);
}
