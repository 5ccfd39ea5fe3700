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
