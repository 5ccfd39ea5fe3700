/** What a cache drop names: a video's row, a viewer's flags, a person's sessions, or all sessions. */
export type DropKind = "video" | "viewer" | "sessions" | "allSessions";

/** The NOTIFY channel cache drops travel on between processes. */
export const CACHE_DROPS_CHANNEL = "cache_drops";

const DROP_KINDS: ReadonlySet<string> = new Set<DropKind>(["video", "viewer", "sessions", "allSessions"]);

/**
 * Cache drops, told to every process (decision 0031): a write drops what it changed in this
 * process at once and NOTIFYs the others, which drop the same within milliseconds — so a purchase
 * or a membership bought through one process applies on every other, not after the caches' time
 * limit. Modules say how to drop each kind in their caches (`on`) when they make them.
 */
export class CacheDrops {
  private readonly appliers = new Map<DropKind, ((id: number) => void)[]>();
  /** This process's mark: its own drops coming back over NOTIFY are not applied twice. */
  private readonly origin = Math.random().toString(36).slice(2, 12);

  constructor(
    /** Sends a payload to every process (PostgreSQL's NOTIFY); null: this process is the only one. */
    private readonly send: ((payload: string) => Promise<void>) | null,
    private readonly warn: (error: unknown) => void = () => undefined,
  ) {}

  on(kind: DropKind, apply: (id: number) => void): void {
    const list = this.appliers.get(kind) ?? [];
    list.push(apply);
    this.appliers.set(kind, list);
  }

  /** Drop `kind` `id` here at once, and everywhere else as soon as the NOTIFY arrives. */
  drop(kind: DropKind, id = 0): void {
    this.apply(kind, id);
    if (this.send) void this.send(JSON.stringify({ o: this.origin, k: kind, id })).catch(this.warn);
  }

  /** A drop another process sent (the channel's payload); anything malformed is ignored. */
  receive(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const { o, k, id } = (parsed ?? {}) as { o?: unknown; k?: unknown; id?: unknown };
    if (o === this.origin || typeof k !== "string" || !DROP_KINDS.has(k) || !Number.isSafeInteger(id)) return;
    this.apply(k as DropKind, id as number);
  }

  private apply(kind: DropKind, id: number): void {
    for (const apply of this.appliers.get(kind) ?? []) apply(id);
  }
}
