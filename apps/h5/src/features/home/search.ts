import {
  DurationBucket,
  PriceFilter,
  SortOrder,
  TagFilter,
  defaultVideoListFilters,
  isOneOf,
} from "@platform/domain";
import type { VideoListFilters } from "@platform/domain";

const priceFilters = Object.values(PriceFilter);
const sortOrders = Object.values(SortOrder);
const durationBuckets = Object.values(DurationBucket);
const tagFilters = Object.values(TagFilter);

/**
 * The search params of /home: the list filters (spec §3) and the classification. A value at its
 * default is left out, so a plain `/home` is the unfiltered list and every link to it stays valid.
 */
export interface HomeSearch {
  readonly price?: Exclude<PriceFilter, "all">;
  readonly sort?: Exclude<SortOrder, "default">;
  readonly duration?: Exclude<DurationBucket, "all">;
  readonly tag?: TagFilter;
  readonly classifyId?: string;
}

/** What the home list shows: the filters with their defaults filled in, and the classification. */
export interface HomeFilters extends VideoListFilters {
  readonly classifyId: string | null;
}

export const defaultHomeFilters: HomeFilters = { ...defaultVideoListFilters, classifyId: null };

/** An id as the URL carries it: the router parses `?classifyId=3` as the number 3. */
function idOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d{1,19}$/.test(value.trim())) return value.trim();
  return undefined;
}

/** The URL boundary of /home: known values are kept, anything else falls back to the default. */
export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  return searchOfFilters({
    price: isOneOf(priceFilters, search.price) ? search.price : PriceFilter.all,
    sort: isOneOf(sortOrders, search.sort) ? search.sort : SortOrder.default,
    duration: isOneOf(durationBuckets, search.duration) ? search.duration : DurationBucket.all,
    tag: isOneOf(tagFilters, search.tag) ? search.tag : null,
    classifyId: idOf(search.classifyId) ?? null,
  });
}

export function filtersOfSearch(search: HomeSearch): HomeFilters {
  return {
    price: search.price ?? PriceFilter.all,
    sort: search.sort ?? SortOrder.default,
    duration: search.duration ?? DurationBucket.all,
    tag: search.tag ?? null,
    classifyId: search.classifyId ?? null,
  };
}

/** The search params of some filters (defaults left out). */
export function searchOfFilters(filters: HomeFilters): HomeSearch {
  return {
    ...(filters.price === PriceFilter.all ? {} : { price: filters.price }),
    ...(filters.sort === SortOrder.default ? {} : { sort: filters.sort }),
    ...(filters.duration === DurationBucket.all ? {} : { duration: filters.duration }),
    ...(filters.tag === null ? {} : { tag: filters.tag }),
    ...(filters.classifyId === null ? {} : { classifyId: filters.classifyId }),
  };
}

/** How many of the filter panel's choices differ from their defaults (price, sort, duration). */
export function panelFiltersChanged(filters: VideoListFilters): number {
  return [
    filters.price !== PriceFilter.all,
    filters.sort !== SortOrder.default,
    filters.duration !== DurationBucket.all,
  ].filter(Boolean).length;
}
