import type { AppContext } from "./context";

/**
 * A small in-process cache with a time limit per entry and a size cap (oldest entries go first).
 * Nothing in it must survive a restart: it only saves database round trips on hot reads, and every
 * entry is at most `ttlMs` old. Writes made by this process drop the entries they change at once;
 * other processes see them within `ttlMs` (README: caching).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): V {
    if (this.ttlMs <= 0) return value;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    return value;
  }

  /** The cached value, or the loaded one (cached); concurrent misses for a key load once. */
  async through(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    if (this.ttlMs <= 0) return load();
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return this.set(key, await pending);
  }

  private readonly loading = new Map<K, Promise<V>>();

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drop every entry whose value matches. */
  deleteWhere(match: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A module's own caches, made on first use for each running server (its context) and typed by the
 * module that keeps them: `const cachesOf = cachesPerContext((ctx) => ({ rows: new TtlCache… }))`.
 * Tests that start two servers in one process get two sets.
 */
export function cachesPerContext<C extends object>(make: (ctx: AppContext) => C): (ctx: AppContext) => C {
  const made = new WeakMap<AppContext, C>();
  return (ctx) => {
    let caches = made.get(ctx);
    if (!caches) {
      caches = make(ctx);
      made.set(ctx, caches);
    }
    return caches;
  };
}

/** The clock of a context, in milliseconds (what TtlCache takes). */
export function clockOf(ctx: AppContext): () => number {
  return () => ctx.now().getTime();
}
