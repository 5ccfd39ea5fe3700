/**
 * The live chat's fan-out (decision 0022). Each server process keeps the chat streams (server-sent
 * events) its viewers opened; what happens in a room — a message, a removal, the room going live
 * or ending, its access changing — is sent with PostgreSQL's NOTIFY in the transaction that wrote
 * it, and every process LISTENing passes it to its own viewers. So two people on two processes
 * chat as on one. Each process also reports how many viewers it holds per room (`live_presence`),
 * which the room list adds up.
 *
 * A stream is not decided once (Step 18, decision 0025): it is closed, with a `closed` event
 * saying why, when its room's access changes and the viewer may no longer watch (the room's change
 * is NOTIFY'd to every process, and every process checks its streams again every PRESENCE_MS in
 * case a notification was lost), and when the viewer's token runs out or its session is revoked.
 * Each stream holds a place among its address's (`limits.ts`), renewed here.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { LiveChatClosed, LiveChatEvent } from "@platform/api-client";
import { cachesPerContext } from "../../cache";
import type { AppContext } from "../../context";
import { livePresence, liveRooms, liveStreamLeases, sessions } from "../../db/schema";
import { ServerMessage, translate } from "../../http/messages";
import type { ServerLanguage } from "../../http/messages";
import { newPlaceId, releaseStreamPlace, renewStreamPlaces, takeStreamPlace } from "./limits";
import { LIVE_CHANNEL } from "./notify";
import type { Wire } from "./notify";
import { locksOf, onlineCounts } from "./rooms";

/** How often a process renews its presence rows and places, tells its viewers the room's count
 * and checks its streams' right to watch again. */
const PRESENCE_MS = 5000;
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** The longest a timer can wait (node's limit); a later expiry is looked at again then. */
const LONGEST_TIMER_MS = 2_147_483_647;

export interface ChatViewer {
  readonly userId: number | null;
  /** The session its token belongs to (null: read anonymously). */
  readonly sessionId: number | null;
  /** When its token runs out, ms since the epoch (null: read anonymously). */
  readonly expiresAt: number | null;
  /** The language the stream's `closed` sentence is written in. */
  readonly language: ServerLanguage;
  send(text: string): void;
  /** End the stream. */
  close(): void;
}

/** One server-sent event, as the wire carries it. */
export function sseFrame(event: LiveChatEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The `closed` event's data: why, and the sentence in the viewer's language. */
export function closedData(
  language: ServerLanguage,
  reason: "LOCKED" | "EXPIRED",
  lockedBy: "SVIP" | "CHARGE" | null,
): LiveChatClosed {
  const msgKey =
    reason === "EXPIRED"
      ? ServerMessage.liveChatExpired
      : lockedBy === "SVIP"
        ? ServerMessage.liveChatLockedMember
        : ServerMessage.liveChatLockedTicket;
  return { reason, lockedBy, msgKey, msg: translate(language, msgKey) };
}

export class LiveHub {
  private readonly rooms = new Map<number, Set<ChatViewer>>();
  /** This process, as its presence rows and stream leases name it. */
  readonly process = randomBytes(8).toString("hex");
  /** The places (leases) this process's streams hold, renewed every PRESENCE_MS. */
  private readonly places = new Set<string>();
  private readonly expiries = new Map<ChatViewer, NodeJS.Timeout>();
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
    this.watchExpiry(roomId, viewer);
    void this.report().catch(() => undefined);
    return () => {
      set.delete(viewer);
      if (set.size === 0 && this.rooms.get(roomId) === set) this.rooms.delete(roomId);
      clearTimeout(this.expiries.get(viewer));
      this.expiries.delete(viewer);
    };
  }

  /** Viewers of this process, per room. */
  viewersHere(roomId: number): number {
    return this.rooms.get(roomId)?.size ?? 0;
  }

  /** Close a viewer's stream, saying why first. */
  private end(roomId: number, viewer: ChatViewer, data: LiveChatClosed): void {
    const set = this.rooms.get(roomId);
    if (!set?.has(viewer)) return;
    set.delete(viewer);
    if (set.size === 0) this.rooms.delete(roomId);
    clearTimeout(this.expiries.get(viewer));
    this.expiries.delete(viewer);
    viewer.send(sseFrame({ event: "closed", data }));
    viewer.close();
  }

  /** The stream ends when its token does (the app refreshes the token and opens it again). */
  private watchExpiry(roomId: number, viewer: ChatViewer): void {
    if (viewer.expiresAt === null) return;
    const left = viewer.expiresAt - this.ctx.now().getTime();
    const timer = setTimeout(
      () => {
        if (viewer.expiresAt !== null && viewer.expiresAt <= this.ctx.now().getTime())
          this.end(roomId, viewer, closedData(viewer.language, "EXPIRED", null));
        else this.watchExpiry(roomId, viewer);
      },
      Math.min(Math.max(left, 0), LONGEST_TIMER_MS),
    );
    timer.unref();
    this.expiries.set(viewer, timer);
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
    if ("access" in wire) {
      void this.recheck([wire.roomId]).catch((error: unknown) => {
        this.ctx.log.warn({ error: String(error) }, "live streams not checked again");
      });
      return;
    }
    const frame = sseFrame(wire.event);
    for (const viewer of viewers) viewer.send(frame);
  }

  /**
   * Check this process's streams of these rooms (all by default) again: each viewer must still
   * hold a live session and the right to watch the room as it is now; the others are closed.
   */
  async recheck(roomIds: readonly number[] = [...this.rooms.keys()]): Promise<void> {
    const here = roomIds.filter((id) => this.rooms.has(id));
    if (here.length === 0) return;
    const { ctx } = this;
    const now = ctx.now().getTime();
    const rows = await ctx.db.select().from(liveRooms).where(inArray(liveRooms.id, here));
    const sessionIds = here
      .flatMap((id) => [...(this.rooms.get(id) ?? [])].map((viewer) => viewer.sessionId))
      .filter((id): id is number => id !== null);
    const revoked = new Set(
      sessionIds.length === 0
        ? []
        : (
            await ctx.db
              .select({ id: sessions.id })
              .from(sessions)
              .where(and(inArray(sessions.id, [...new Set(sessionIds)]), isNotNull(sessions.revokedAt)))
          ).map((r) => r.id),
    );
    for (const room of rows) {
      const viewers = [...(this.rooms.get(room.id) ?? [])];
      const locks = await locksOf(
        ctx,
        room,
        viewers.map((v) => v.userId),
      );
      for (const viewer of viewers) {
        const expired =
          viewer.sessionId !== null &&
          (revoked.has(viewer.sessionId) || (viewer.expiresAt !== null && viewer.expiresAt <= now));
        const lock = locks.get(viewer.userId) ?? null;
        if (expired) this.end(room.id, viewer, closedData(viewer.language, "EXPIRED", null));
        else if (lock !== null) this.end(room.id, viewer, closedData(viewer.language, "LOCKED", lock));
      }
    }
  }

  /**
   * Renew this process's presence rows and places, tell each room's viewers how many watch, and
   * check every stream's right again.
   */
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
    await this.recheck();
  }

  /** End every stream of this process and stop listening. */
  async stop(): Promise<void> {
    for (const viewers of this.rooms.values()) for (const viewer of viewers) viewer.close();
    this.rooms.clear();
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
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
