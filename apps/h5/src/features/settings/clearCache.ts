import { StorageKey } from "@platform/domain";
import { useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";

/**
 * What 'clear cache' keeps in localStorage: the product's own keys (spec §3: the credentials, the
 * platform id, the language, the logo, the navigation switch, the theme) and the list layout, a
 * display choice like the theme. Everything else there is a cache of this device (each person's
 * search history, the video editor's drafts) and goes.
 */
const keptKeys: ReadonlySet<string> = new Set<string>([...Object.values(StorageKey), "videoListLayout"]);

/**
 * Cache Storage the service worker keeps for the app itself (vite.config.ts: the precached shell
 * and the hashed assets), which stay so the app still opens offline. The worker caches no API
 * answer, media or image: any other cache found is dropped.
 */
const keptCachePrefixes = ["workbox-precache", "assets"] as const;

export interface CacheStores {
  readonly queryClient: QueryClient;
  readonly storage?: Pick<Storage, "length" | "key" | "removeItem"> | null;
  readonly caches?: Pick<CacheStorage, "keys" | "delete"> | null;
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The localStorage keys 'clear cache' removes. */
export function clearableKeys(storage: Pick<Storage, "length" | "key">): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !keptKeys.has(key)) keys.push(key);
  }
  return keys;
}

/**
 * Clear this device's caches: every server answer React Query holds, the per-user caches in
 * localStorage (the signed-in session, language and theme stay), and Cache Storage the service
 * worker does not need for the app itself.
 */
export async function clearCaches({
  queryClient,
  storage = defaultStorage(),
  caches = typeof globalThis.caches === "undefined" ? null : globalThis.caches,
}: CacheStores): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  if (storage !== null) {
    for (const key of clearableKeys(storage)) {
      try {
        storage.removeItem(key);
      } catch {
        // A storage that refuses (private modes) has nothing to clear.
      }
    }
  }
  if (caches !== null) {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => !keptCachePrefixes.some((prefix) => name.startsWith(prefix)))
        .map((name) => caches.delete(name).catch(() => false)),
    );
  }
}

/** 'Clear cache' from a component: the app's query cache with the rest (`clearCaches`). */
export function useClearCaches(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => clearCaches({ queryClient });
}
