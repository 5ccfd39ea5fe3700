import { isOneOf } from "@platform/domain";

/** The words of a search as kept and compared: trimmed, inner runs of spaces made one. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ");
}

/** The result tabs of /search. */
export const SearchTab = { video: "video", member: "member" } as const;
export type SearchTab = (typeof SearchTab)[keyof typeof SearchTab];
const searchTabs = Object.values(SearchTab);

/**
 * The longest search the server takes (the contract's `keyword` and `content`: 64 characters);
 * longer words are cut there rather than refused.
 */
export const SEARCH_MAX_LENGTH = 64;

/**
 * The search params of /search: the words searched (none: the history and hot tags show) and the
 * result tab (videos by default, left out of the URL).
 */
export interface SearchPageSearch {
  readonly q?: string;
  readonly tab?: Exclude<SearchTab, "video">;
}

/** Words as the URL carries them: the router parses `?q=2024` as a number. */
export function wordsOf(value: unknown): string {
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  return normaliseQuery(Array.from(normaliseQuery(text)).slice(0, SEARCH_MAX_LENGTH).join(""));
}

/** The URL boundary of /search: words kept (trimmed, at most 64), an unknown tab means videos. */
export function validateSearchPageSearch(search: Record<string, unknown>): SearchPageSearch {
  const q = wordsOf(search.q);
  if (q === "") return {};
  return searchOfQuery(q, isOneOf(searchTabs, search.tab) ? search.tab : SearchTab.video);
}

/** The params of a search for `q` on `tab` (the default tab left out). */
export function searchOfQuery(q: string, tab: SearchTab): SearchPageSearch {
  return tab === SearchTab.video ? { q } : { q, tab };
}

export function tabOfSearch(search: SearchPageSearch): SearchTab {
  return search.tab ?? SearchTab.video;
}
