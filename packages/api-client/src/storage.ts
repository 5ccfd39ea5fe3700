/**
 * Where the client keeps the session (spec §3 local storage: accessToken, refreshToken, userInfo,
 * bus-platform-id, language). Browsers use localStorage; tests and non-browser hosts use memory.
 */
export interface ClientStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Forget everything (session expiry: "confirming clears local storage"). */
  clear(): void;
}

export function memoryStorage(initial: Readonly<Record<string, string>> = {}): ClientStorage {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => {
      map.set(key, value);
    },
    remove: (key) => {
      map.delete(key);
    },
    clear: () => {
      map.clear();
    },
  };
}

interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/**
 * The browser's localStorage. Private modes can throw on write (quota 0): the session then lives
 * in memory for this page instead of failing every call.
 */
export function webStorage(store?: WebStorageLike): ClientStorage {
  const target = store ?? (globalThis as { localStorage?: WebStorageLike }).localStorage;
  if (!target) return memoryStorage();
  const fallback = memoryStorage();
  return {
    get: (key) => {
      try {
        return target.getItem(key) ?? fallback.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    set: (key, value) => {
      try {
        target.setItem(key, value);
      } catch {
        fallback.set(key, value);
      }
    },
    remove: (key) => {
      fallback.remove(key);
      try {
        target.removeItem(key);
      } catch {
        /* nothing stored there */
      }
    },
    clear: () => {
      fallback.clear();
      try {
        target.clear();
      } catch {
        /* nothing stored there */
      }
    },
  };
}
