/**
 * The live chat's fan-out (decision 0022). Each server process keeps the chat streams (server-sent
 * events) its viewers opened; what happens in a room — a message, a removal, the room going live
 * or ending, its access changing — is sent with PostgreSQL's NOTIFY in the transaction that wrote
 * it, and every process LISTENing passes it to its own viewers. So two people on two processes
 * chat as on one. Each process also reports how many viewers it holds per room (`live_presence`),
 * which the room list adds up.
 *
 * Anyone reads a live room's chat, paid or not (Step 19, decisions 0022 and 0025): when a room's
 * access changes (NOTIFY'd to every process) each viewer is told, in an `access` event, what they
 * need now to watch and write — the stream goes on. A stream is closed, with a `closed` event
 * saying why, when the viewer's token runs out or its session is revoked (every process checks
 * its streams again every LIVE_CHECK_EVERY_MS, 5 s by default). Each stream holds a place among its address's
 * (`limits.ts`), renewed here.
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
export function closedData(language: ServerLanguage): LiveChatClosed {
  const msgKey = ServerMessage.liveChatExpired;
  return { reason: "EXPIRED", msgKey, msg: translate(language, msgKey) };
}

export class LiveHub {
  private readonly rooms = new Map<number, Set<ChatViewer>>();
  /** This process, as its presence rows and stream leases name it. */
  readonly process = randomBytes(8).toString("hex");
  /** The places (leases) this process's streams hold, renewed every LIVE_CHECK_EVERY_MS. */
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
      // Every LIVE_CHECK_EVERY_MS the process renews its presence rows and places, tells its
      // viewers the room's count and checks its streams' right to watch again.
      this.timer = setInterval(() => {
        void this.report().catch((error: unknown) => {
          this.ctx.log.warn({ error: String(error) }, "live presence report failed");
        });
      }, this.ctx.config.live.checkEveryMs);
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
          this.end(roomId, viewer, closedData(viewer.language));
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
      void this.tellAccess(wire.roomId).catch((error: unknown) => {
        this.ctx.log.warn({ error: String(error) }, "live viewers not told the room's access");
      });
      return;
    }
    const frame = sseFrame(wire.event);
    for (const viewer of viewers) viewer.send(frame);
  }

  /**
   * The room's access changed: tell each of this process's viewers of it what they need now (the
   * screen shows the offer; their stream goes on, the chat being anyone's to read).
   */
  private async tellAccess(roomId: number): Promise<void> {
    if (!this.rooms.has(roomId)) return;
    const [room] = await this.ctx.db.select().from(liveRooms).where(eq(liveRooms.id, roomId));
    if (!room) return;
    const viewers = [...(this.rooms.get(roomId) ?? [])];
    const locks = await locksOf(
      this.ctx,
      room,
      viewers.map((v) => v.userId),
    );
    for (const viewer of viewers)
      viewer.send(sseFrame({ event: "access", data: { lockedBy: locks.get(viewer.userId) ?? null } }));
  }

  /**
   * Check this process's streams again: each signed-in viewer must still hold a live session;
   * the others are closed (a room's access no longer closes a stream: Step 19).
   */
  async recheck(): Promise<void> {
    const now = this.ctx.now().getTime();
    const all = [...this.rooms.entries()].flatMap(([roomId, set]) =>
      [...set].map((viewer) => ({ roomId, viewer })),
    );
    const sessionIds = [
      ...new Set(all.map(({ viewer }) => viewer.sessionId).filter((id): id is number => id !== null)),
    ];
    if (sessionIds.length === 0) return;
    const revoked = new Set(
      (
        await this.ctx.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(inArray(sessions.id, sessionIds), isNotNull(sessions.revokedAt)))
      ).map((r) => r.id),
    );
    for (const { roomId, viewer } of all) {
      const expired =
        viewer.sessionId !== null &&
        (revoked.has(viewer.sessionId) || (viewer.expiresAt !== null && viewer.expiresAt <= now));
      if (expired) this.end(roomId, viewer, closedData(viewer.language));
    }
  }

  /**
   * Renew this process's presence rows and places, tell each room's viewers how many watch, and
   * check every stream's session again.
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
