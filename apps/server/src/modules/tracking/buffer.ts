import type { AppContext } from "../../context";
import { trackingEvents } from "../../db/schema";
import { loggableError } from "../../http/loggable";

type EventRow = typeof trackingEvents.$inferInsert;

/**
 * Tracking events are buffered and written in batches (every second, or at 200 events), so the
 * call costs the app one quick answer. A crash can lose the last second of events: they are
 * statistics, not records. Closing the server flushes what is left.
 */
export class TrackingBuffer {
  private rows: EventRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly maxRows = 200,
    private readonly intervalMs = 1000,
  ) {}

  add(row: EventRow): void {
    this.rows.push(row);
    if (this.rows.length >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    if (batch.length > 0) {
      this.flushing = this.flushing.then(async () => {
        const lost = await this.store(batch);
        if (lost > 0) this.ctx.log.warn({ lost, of: batch.length }, "tracking events not stored");
      });
    }
    return this.flushing;
  }

  /**
   * Store a batch in one statement; if the database refuses it, store each half on its own, down
   * to single rows, so a row it cannot take (validation should let none through) loses only
   * itself, never everyone else's events. Returns how many rows were lost.
   */
  private async store(rows: readonly EventRow[]): Promise<number> {
    try {
      await this.ctx.db.insert(trackingEvents).values([...rows]);
      return 0;
    } catch (error) {
      if (rows.length === 1) {
        this.ctx.log.error({ error: loggableError(error) }, "tracking event refused by the database");
        return 1;
      }
      const half = Math.ceil(rows.length / 2);
      return (await this.store(rows.slice(0, half))) + (await this.store(rows.slice(half)));
    }
  }
}
