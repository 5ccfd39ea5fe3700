/**
 * A per-process limit on how often one caller may make calls that write rows for anyone who asks
 * (a getKey sign, a guest session, a tracking event): a flood from one address fills no table.
 * Kept in memory on purpose: it guards load, not an invariant, so a restart or a second process
 * only lets a flood through at the same rate again. Fixed one-minute windows.
 */
export class FloodGuard {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  /** Whether `key` may make one more call this minute, at most `perMinute`; counts it if so. */
  allow(key: string, perMinute: number): boolean {
    const now = this.now();
    const start = Math.floor(now / 60_000) * 60_000;
    const window = this.windows.get(key);
    if (window?.start !== start) {
      // Forget ended windows now and then, so the map holds only this minute's callers.
      if (this.windows.size >= 10_000) {
        for (const [k, w] of this.windows) if (w.start !== start) this.windows.delete(k);
      }
      this.windows.set(key, { start, count: 1 });
      return true;
    }
    if (window.count >= perMinute) return false;
    window.count += 1;
    return true;
  }
}
