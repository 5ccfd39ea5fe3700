import { useCallback, useMemo, useSyncExternalStore } from "react";
import { normaliseQuery } from "./search";

/** How many searches the history keeps (the newest ones). */
export const SEARCH_HISTORY_LIMIT = 20;

/** Where one person's searches are kept: history is per signed-in user, on this device. */
export function searchHistoryKey(userId: string): string {
  return `searchHistory:${userId}`;
}

// The words of a search as kept and compared: in search.ts, which /search's route reads at start
// (so this module, the screen's own, stays out of every page's first load).
export { normaliseQuery };

/** Two searches are the same whatever their case (the server matches without case too). */
function sameQuery(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/** The history in storage, newest first; anything unreadable counts as none. */
export function parseHistory(raw: string | null): readonly string[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") continue;
    const query = normaliseQuery(item);
    if (query === "" || entries.some((kept) => sameQuery(kept, query))) continue;
    entries.push(query);
    if (entries.length === SEARCH_HISTORY_LIMIT) break;
  }
  return entries;
}

/** The history after searching `query`: it goes first, once, and the oldest beyond the limit go. */
export function withSearch(history: readonly string[], query: string): readonly string[] {
  const words = normaliseQuery(query);
  if (words === "") return history;
  return [words, ...history.filter((kept) => !sameQuery(kept, words))].slice(0, SEARCH_HISTORY_LIMIT);
}

/** The history without one entry. */
export function withoutSearch(history: readonly string[], query: string): readonly string[] {
  return history.filter((kept) => !sameQuery(kept, query));
}

/** What the history needs of localStorage (tests hand in their own). */
export type HistoryStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app changed it.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function readRaw(storage: HistoryStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: HistoryStorage, key: string, history: readonly string[]): void {
  try {
    if (history.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(history));
  } catch {
    // Storage full or refused (private mode): the history is only a convenience.
  }
  for (const listener of listeners) listener();
}

export interface SearchHistory {
  /** Newest first, at most `SEARCH_HISTORY_LIMIT`, each once. */
  readonly entries: readonly string[];
  readonly add: (query: string) => void;
  readonly remove: (query: string) => void;
  readonly clear: () => void;
}

const none: readonly string[] = [];

/**
 * The signed-in person's search history, kept in localStorage under their id (an empty id keeps
 * nothing). Every screen using it sees a change at once.
 */
export function useSearchHistory(userId: string, storage: HistoryStorage = localStorage): SearchHistory {
  const key = userId === "" ? null : searchHistoryKey(userId);
  // The raw text is the snapshot: a string compares by value, so unchanged storage renders nothing.
  const raw = useSyncExternalStore(subscribe, () => (key === null ? null : readRaw(storage, key)));
  const entries = useMemo(() => (raw === null ? none : parseHistory(raw)), [raw]);

  const update = useCallback(
    (change: (history: readonly string[]) => readonly string[]) => {
      if (key === null) return;
      write(storage, key, change(parseHistory(readRaw(storage, key))));
    },
    [key, storage],
  );

  return useMemo(
    () => ({
      entries,
      add: (query: string) => {
        update((history) => withSearch(history, query));
      },
      remove: (query: string) => {
        update((history) => withoutSearch(history, query));
      },
      clear: () => {
        update(() => none);
      },
    }),
    [entries, update],
  );
}
