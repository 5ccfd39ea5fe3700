import { limits } from "./constants";

/** Another page exists only when the last page came back full (spec §9). */
export function hasNextPage(lastPageCount: number, pageSize: number = limits.pageSize): boolean {
  return lastPageCount === pageSize;
}

/**
 * Load more when the list is scrolled to within 80 px of its bottom, only while the last page was
 * full and nothing is loading (so a slow page is never asked for twice).
 */
export function shouldLoadMore(input: {
  readonly scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
  readonly lastPageFull: boolean;
  readonly loading: boolean;
  readonly threshold?: number;
}): boolean {
  const distance = input.scrollHeight - input.scrollTop - input.clientHeight;
  return input.lastPageFull && !input.loading && distance <= (input.threshold ?? limits.loadMoreThresholdPx);
}

/** Pages are numbered from 1. */
export function nextPageNumber(pagesLoaded: number): number {
  return pagesLoaded + 1;
}

/**
 * Where a page of a list starts (decision 0016): its number, and the cursor the last page gave
 * (`null` for a first page). With a cursor the server reads on from where the last page ended, at
 * any depth; without the key, the page is asked for by number, as before.
 */
export interface PageParam {
  readonly current: number;
  readonly cursor?: string | null;
}

/** The first page of a list, asked for by keyset. */
export const firstPageParam: PageParam = { current: 1, cursor: null };

/**
 * The page after `pagesLoaded` pages, or `undefined` when there is none: the last page's cursor
 * when the server gave one (`null`: that was the last page); otherwise, by number, only while the
 * last page came back full (spec §9).
 */
export function nextPageParam(
  lastPage: { readonly records: readonly unknown[]; readonly cursor?: string | null },
  pagesLoaded: number,
  pageSize: number = limits.pageSize,
): PageParam | undefined {
  const { cursor } = lastPage;
  const current = pagesLoaded + 1;
  if (cursor === undefined) return hasNextPage(lastPage.records.length, pageSize) ? { current } : undefined;
  return cursor === null ? undefined : { current, cursor };
}
