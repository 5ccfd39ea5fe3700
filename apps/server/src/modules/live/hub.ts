/**
 * The live chat's fan-out (decision 0022). Each server process keeps the chat streams (server-sent
 * events) its viewers opened; what happens in a room — a message, a removal, the room going live
 * or ending — is sent with PostgreSQL's NOTIFY in the transaction that wrote it, and every process
 * LISTENing passes it to its own viewers. So two people on two processes chat as on one. Each
 * process also reports how many viewers it holds per room (`live_presence`), which the room
 * list adds up.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { LiveChatEvent } from "@platform/api-client";
import { cachesPerContext } from "../../cache";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { livePresence, liveStreamLeases } from "../../db/schema";
import { newPlaceId, releaseStreamPlace, renewStreamPlaces, takeStreamPlace } from "./limits";
import { onlineCounts } from "./rooms";

export const LIVE_CHANNEL = "live_events";
/** How often a process renews its presence rows and places and tells its viewers the room's count. */
const PRESENCE_MS = 5000;
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

interface Wire {
  readonly roomId: number;
  readonly event: LiveChatEvent;
}

export interface ChatViewer {
  send(text: string): void;
  /** End the stream (the server is stopping). */
  close(): void;
}

/** One server-sent event, as the wire carries it. */
export function sseFrame(event: LiveChatEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Send a room's event to every process (delivered when `tx` commits). */
export async function notifyRoom(tx: Db, roomId: number, event: LiveChatEvent): Promise<void> {
  const wire: Wire = { roomId, event };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(wire)})`);
}

export class LiveHub {
  private readonly rooms = new Map<number, Set<ChatViewer>>();
  /** This process, as its presence rows and stream leases name it. */
  readonly process = randomBytes(8).toString("hex");
  /** The places (leases) this process's streams hold, renewed every PRESENCE_MS. */
  private readonly places = new Set<string>();
  private stopListening: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Rooms this process reported viewers in (a report of 0 removes its row). */
  private reported = new Set<number>();

  constructor(private readonly ctx: AppContext) {}

  /** Listen (once) before the first viewer joins. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      this.stopListening = await this.ctx.listen(LIVE_CHANNEL, (payload) => {
        this.deliver(payload);
      });
      this.timer = setInterval(() => {
        void this.report().catch((error: unknown) => {
          this.ctx.log.warn({ error: String(error) }, "live presence report failed");
        });
      }, PRESENCE_MS);
      this.timer.unref();
      this.heartbeat = setInterval(() => {
        for (const viewers of this.rooms.values()) for (const viewer of viewers) viewer.send(": ping\n\n");
      }, HEARTBEAT_MS);
      this.heartbeat.unref();
    })();
    return this.starting;
  }

  /** A place for a stream of `address` (null: the address holds its limit); give it back with `freePlace`. */
  async takePlace(address: string, roomId: number): Promise<string | null> {
    await this.start();
    // Among this process's places before it is taken: a renewal meanwhile must not forget it.
    const place = newPlaceId();
    this.places.add(place);
    try {
      if (await takeStreamPlace(this.ctx, { id: place, address, roomId, process: this.process }))
        return place;
    } catch (error) {
      this.places.delete(place);
      throw error;
    }
    this.places.delete(place);
    return null;
  }

  freePlace(place: string): void {
    if (!this.places.delete(place)) return;
    void releaseStreamPlace(this.ctx, place).catch((error: unknown) => {
      // The next renewal forgets it (it is no longer among this process's places).
      this.ctx.log.warn({ error: String(error) }, "a live stream's place was not given back");
    });
  }

  /** A viewer's stream joins a room; answers its leaving. */
  async join(roomId: number, viewer: ChatViewer): Promise<() => void> {
    await this.start();
    const set = this.rooms.get(roomId) ?? new Set();
    set.add(viewer);
    this.rooms.set(roomId, set);
    void this.report().catch(() => undefined);
    return () => {
      set.delete(viewer);
      if (set.size === 0) this.rooms.delete(roomId);
    };
  }

  /** Viewers of this process, per room. */
  viewersHere(roomId: number): number {
    return this.rooms.get(roomId)?.size ?? 0;
  }

  private deliver(payload: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    const viewers = this.rooms.get(wire.roomId);
    if (viewers === undefined) return;
    const frame = sseFrame(wire.event);
    for (const viewer of viewers) viewer.send(frame);
  }

  /** Renew this process's presence rows and places, and tell each room's viewers how many watch. */
  private async report(): Promise<void> {
    const now = this.ctx.now();
    await renewStreamPlaces(this.ctx, this.process, [...this.places]);
    const here = [...this.rooms.entries()].map(([roomId, set]) => ({ roomId, viewers: set.size }));
    for (const { roomId, viewers } of here) {
      await this.ctx.db
        .insert(livePresence)
        .values({ roomId, process: this.process, viewers, updatedAt: now })
        .onConflictDoUpdate({
          target: [livePresence.roomId, livePresence.process],
          set: { viewers, updatedAt: now },
        });
    }
    const gone = [...this.reported].filter((roomId) => !this.rooms.has(roomId));
    for (const roomId of gone)
      await this.ctx.db
        .delete(livePresence)
        .where(and(eq(livePresence.roomId, roomId), eq(livePresence.process, this.process)));
    this.reported = new Set(here.map((r) => r.roomId));
    if (here.length === 0) return;
    const counts = await onlineCounts(
      this.ctx,
      here.map((r) => r.roomId),
    );
    for (const { roomId } of here) {
      const viewers = this.rooms.get(roomId);
      if (!viewers) continue;
      const frame = sseFrame({ event: "online", data: { online: counts.get(roomId) ?? 0 } });
      for (const viewer of viewers) viewer.send(frame);
    }
  }

  /** End every stream of this process and stop listening. */
  async stop(): Promise<void> {
    for (const viewers of this.rooms.values()) for (const viewer of viewers) viewer.close();
    this.rooms.clear();
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.starting?.catch(() => undefined);
    await this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
    this.places.clear();
    await this.ctx.db
      .delete(livePresence)
      .where(eq(livePresence.process, this.process))
      .catch(() => undefined);
    await this.ctx.db
      .delete(liveStreamLeases)
      .where(eq(liveStreamLeases.process, this.process))
      .catch(() => undefined);
  }
}

export const liveHubOf = cachesPerContext((ctx) => new LiveHub(ctx));
