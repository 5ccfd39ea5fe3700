/**
 * The live station (decision 0022): the RTMP ingest wired to the rooms. A publish with a room's
 * current stream key makes the room LIVE with a new broadcast folder that a packager fills with
 * HLS; the encoder going away (after the reconnect grace) or going quiet ends it. One process
 * takes streams (the one LIVE_RTMP_PORT is set on); every process serves what it made, from the
 * data folder, and learns of rooms going live or ending through the chat's NOTIFY.
 */
import { randomBytes } from "node:crypto";
import { copyFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { liveRooms, users } from "../../db/schema";
import { ensureLiveClip } from "../../media/live-clip";
import { LivePackager } from "../../providers/live/packager";
import { RtmpIngest, redactStreamKeys } from "../../providers/live/rtmp-ingest";
import type { IngestStream } from "../../providers/live/rtmp-ingest";
import { broadcastDir, liveFilesShared, removeOldBroadcasts } from "./files";
import { LiveMirror } from "./mirror";
import { LIVE_KEYS_CHANNEL, keyResetOf, notifyRoom } from "./notify";
import { parseStreamKey, streamKey } from "./keys";
import { LIVE_STALE_MS, endAbandonedRooms, myRoom } from "./rooms";

/** How long the ingest waits for a new stream's video configuration before giving up on it. */
const HEADER_WAIT_MS = 10_000;
/** How often a LIVE room's `seen_at` is renewed. */
const SEEN_EVERY_MS = 5000;
/** How long an ended broadcast's files stay (for viewers finishing the last segments). */
const KEEP_ENDED_MS = 60_000;
/** How long the station waits for a broadcast's first picture to make its still from. */
const STILL_WAIT_MS = 30_000;
/**
 * A broadcast's still: its first picture, made once (Step 18). A paid room's cover for someone
 * who may not watch it is this, never the live picture (`cover.jpg`, renewed every 5 s).
 */
export const STILL_COVER = "still.jpg";

interface Broadcast {
  readonly roomId: number;
  readonly session: string;
  readonly dir: string;
  packager: LivePackager | null;
  /** Its copy to the shared store (STORAGE=s3), so every web process serves it. */
  mirror: LiveMirror | null;
  unsubscribe: (() => void) | null;
  seen: NodeJS.Timeout | null;
  ended: boolean;
}

/**
 * An encoder feeding a room from inside this process: the sandbox's demo feed
 * (src/sandbox/live-demo.ts), which the composition root hands to `startDemo` (a module names no
 * sandbox party). `target` is asked at every start: the room's key may have changed since.
 */
export interface RoomFeed {
  start(): void;
  stop(): Promise<void>;
}
export type RoomFeedMaker = new (
  clip: string,
  target: () => Promise<{ readonly url: string; readonly key: string }>,
  keyFile: string,
  log: (message: string) => void,
) => RoomFeed;

const stations = new WeakMap<AppContext, LiveStation>();

/** The station of this process, when it takes streams. */
export function stationOf(ctx: AppContext): LiveStation | null {
  return stations.get(ctx) ?? null;
}

export class LiveStation {
  private readonly broadcasts = new Map<string, Broadcast>();
  private demo: RoomFeed | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Each room's current key version as last read or reset: an older key is refused at once. */
  private readonly versions = new Map<number, number>();
  private stopListening: (() => Promise<void>) | null = null;

  private constructor(
    private readonly ctx: AppContext,
    private ingest: RtmpIngest | null,
    readonly port: number,
  ) {}

  /** Start taking streams where LIVE_RTMP_PORT says (null: this process takes none). */
  static async start(ctx: AppContext): Promise<LiveStation | null> {
    const { live } = ctx.config;
    if (live.rtmpPort === null) return null;
    // Rooms whose ingest stopped renewing them are over (this process's before a restart, or a
    // dead one's); rooms another running ingest renews stay LIVE (issue 39). This process's files
    // from before go.
    await endAbandonedRooms(ctx);
    await removeOldBroadcasts(ctx);
    let station: LiveStation | null = null;
    const hooks = {
      admit: (app: string, key: string) => {
        const parsed = app === "live" ? parseStreamKey(ctx.secrets.signingKey, key) : null;
        return parsed !== null && (station?.isCurrent(parsed.roomId, parsed.version) ?? true);
      },
      resumed: (stream: IngestStream) => {
        void station?.checkKey(stream.key).catch((error: unknown) => {
          ctx.log.warn({ area: "live", error: String(error) }, "a resumed broadcast's key was not checked");
        });
      },
      started: (stream: IngestStream) => {
        void station?.begin(stream).catch((error: unknown) => {
          ctx.log.error({ error: redactStreamKeys(String(error)) }, "a live broadcast failed to start");
          stream.drop();
        });
      },
      ended: (key: string) => {
        void station?.finish(key).catch((error: unknown) => {
          ctx.log.error({ error: String(error) }, "a live broadcast failed to end");
        });
      },
      log: (level: "debug" | "info" | "warn", message: string) => {
        ctx.log[level]({ area: "live" }, message);
      },
    };
    try {
      const { ingest, port } = await RtmpIngest.start(
        {
          host: live.rtmpHost,
          port: live.rtmpPort,
          reconnectGraceMs: live.reconnectGraceMs,
          stallMs: live.stallMs,
        },
        hooks,
      );
      station = new LiveStation(ctx, ingest, port);
    } catch (error) {
      // The product still runs: live rooms just cannot go live from this process.
      ctx.log.warn(
        { error: String(error) },
        `the live RTMP ingest cannot listen on ${live.rtmpHost}:${String(live.rtmpPort)}: no room can go live (set LIVE_RTMP_PORT to a free port)`,
      );
      return null;
    }
    stations.set(ctx, station);
    // And again now and then: a room whose ingest died while this one runs ends too.
    const sweep = setInterval(() => {
      void endAbandonedRooms(ctx).catch(() => undefined);
    }, LIVE_STALE_MS);
    sweep.unref();
    station.timers.add(sweep);
    // Key resets made by any process end their broadcasts here at once (decision 0025).
    const listening = station;
    listening.stopListening = await ctx.listen(LIVE_KEYS_CHANNEL, (payload) => {
      const reset = keyResetOf(payload);
      if (reset) listening.keyReset(reset.roomId, reset.version);
    });
    return station;
  }

  /** Whether a key's version is not older than the room's current one as this station knows it. */
  isCurrent(roomId: number, version: number): boolean {
    return version >= (this.versions.get(roomId) ?? 0);
  }

  /**
   * A room's key is now `version`: a broadcast published with an older key ends at once — also
   * one whose encoder dropped and may come back within the grace — and the older keys are
   * refused from now on.
   */
  keyReset(roomId: number, version: number): void {
    if (version > (this.versions.get(roomId) ?? 0)) this.versions.set(roomId, version);
    for (const [key, stream] of this.ingestStreams) {
      const parsed = parseStreamKey(this.ctx.secrets.signingKey, key);
      if (parsed?.roomId === roomId && parsed.version < version) stream.drop();
    }
  }

  /** Check a key against the database (a resumed encoder): an outdated one's broadcast ends. */
  async checkKey(key: string): Promise<void> {
    const parsed = parseStreamKey(this.ctx.secrets.signingKey, key);
    if (!parsed) return;
    this.keyReset(parsed.roomId, await this.keyVersion(parsed.roomId));
  }

  /** The seeded demo room, fed by ffmpeg looping its clip (LIVE_DEMO); a failure is a warning. */
  async startDemo(authorMobile: string, Feed: RoomFeedMaker): Promise<void> {
    try {
      const [author] = await this.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, authorMobile));
      if (!author) return;
      const roomId = Number((await myRoom(this.ctx, author.id, this.port)).roomId);
      const clip = await ensureLiveClip(this.ctx.config.mediaDir);
      this.demo = new Feed(
        clip,
        async () => ({
          url: `rtmp://127.0.0.1:${String(this.port)}/live`,
          key: streamKey(this.ctx, roomId, await this.keyVersion(roomId)),
        }),
        // The key reaches ffmpeg in a file only this user reads, never on its command line.
        join(this.ctx.config.dataDir, "live-demo.ffpreset"),
        (message) => {
          this.ctx.log.warn({ area: "live" }, redactStreamKeys(message));
        },
      );
      this.demo.start();
    } catch (error) {
      this.ctx.log.warn({ area: "live", error: String(error) }, "the demo room could not start");
    }
  }

  private async keyVersion(roomId: number): Promise<number> {
    const [room] = await this.ctx.db
      .select({ keyVersion: liveRooms.keyVersion })
      .from(liveRooms)
      .where(eq(liveRooms.id, roomId));
    return room?.keyVersion ?? 1;
  }

  private readonly ingestStreams = new Map<string, IngestStream>();

  private async begin(stream: IngestStream): Promise<void> {
    const { ctx } = this;
    // Known before the database is asked: an encoder gone meanwhile (finish) takes it out again.
    this.ingestStreams.set(stream.key, stream);
    const parsed = parseStreamKey(ctx.secrets.signingKey, stream.key);
    const [room] = parsed
      ? await ctx.db.select().from(liveRooms).where(eq(liveRooms.id, parsed.roomId))
      : [undefined];
    if (room) this.keyReset(room.id, room.keyVersion);
    if (!parsed || room?.keyVersion !== parsed.version) {
      ctx.log.info({ area: "live" }, "refused a publish: the stream key is not the room's current one");
      this.ingestStreams.delete(stream.key);
      stream.drop();
      return;
    }
    // The encoder went away while the database answered: no broadcast for it (no room left LIVE).
    if (this.ingestStreams.get(stream.key) !== stream) return;
    const session = `${Date.now().toString(36)}${randomBytes(6).toString("hex")}`;
    const broadcast: Broadcast = {
      roomId: room.id,
      session,
      dir: broadcastDir(ctx, room.id, session),
      packager: null,
      mirror: null,
      unsubscribe: null,
      seen: null,
      ended: false,
    };
    this.broadcasts.set(stream.key, broadcast);
    const waitUntil = Date.now() + HEADER_WAIT_MS;
    while (!stream.hasVideoHeader() && Date.now() < waitUntil && !broadcast.ended)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (broadcast.ended) return;
    if (!stream.hasVideoHeader()) {
      ctx.log.info({ area: "live", roomId: room.id }, "a publish sent no video: dropped");
      stream.drop();
      return;
    }
    // A moment more for the audio configuration, which encoders send beside the video's.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { live } = ctx.config;
    const packager = new LivePackager({
      dir: broadcast.dir,
      sourceWidth: stream.width,
      sourceHeight: stream.height,
      hasAudio: stream.hasAudio(),
      ladder: live.ladder,
      segmentSeconds: live.segmentSeconds,
      windowSegments: live.windowSegments,
      coverEverySeconds: live.coverEverySeconds,
      onExit: (code, lastError) => {
        if (!broadcast.ended) {
          ctx.log.warn(
            { area: "live", roomId: room.id, code, error: lastError },
            "the live packager stopped",
          );
          stream.drop();
        }
      },
    });
    broadcast.packager = packager;
    if (liveFilesShared(ctx)) broadcast.mirror = new LiveMirror(ctx, room.id, session, broadcast.dir);
    broadcast.unsubscribe = stream.subscribe((chunk) => {
      packager.write(chunk);
    });
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(liveRooms)
        .set({
          status: "LIVE",
          session,
          renditions: packager.plan.map((r) => ({ name: r.name, width: r.width, height: r.height })),
          startedAt: now,
          endedAt: null,
          seenAt: now,
        })
        .where(eq(liveRooms.id, room.id));
      await notifyRoom(tx, room.id, { event: "room", data: { status: "LIVE" } });
    });
    broadcast.seen = setInterval(() => {
      // Renewed, and the key checked again (a reset whose notification was lost ends it here).
      void ctx.db
        .update(liveRooms)
        .set({ seenAt: ctx.now() })
        .where(sql`${liveRooms.id} = ${room.id} and ${liveRooms.session} = ${session}`)
        .returning({ keyVersion: liveRooms.keyVersion })
        .then(([seen]) => {
          if (seen) this.keyReset(room.id, seen.keyVersion);
        })
        .catch(() => undefined);
    }, SEEN_EVERY_MS);
    broadcast.seen.unref();
    void this.makeStill(broadcast);
    ctx.log.info({ area: "live", roomId: room.id, height: stream.height }, "a room went live");
  }

  /** The broadcast's still, from its first picture (copied whole: ffmpeg writes covers atomically). */
  private async makeStill(broadcast: Broadcast): Promise<void> {
    const cover = join(broadcast.dir, "cover.jpg");
    const still = join(broadcast.dir, STILL_COVER);
    for (let waited = 0; waited < STILL_WAIT_MS && !broadcast.ended; waited += 250) {
      const made = await stat(cover).then(
        (s) => s.size > 0,
        () => false,
      );
      if (made) {
        try {
          await copyFile(cover, `${still}.part`);
          await rename(`${still}.part`, still);
          return;
        } catch {
          // The broadcast's folder went (it ended): nothing to make.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async finish(key: string): Promise<void> {
    const broadcast = this.broadcasts.get(key);
    this.ingestStreams.delete(key);
    if (!broadcast) return;
    this.broadcasts.delete(key);
    broadcast.ended = true;
    if (broadcast.seen) clearInterval(broadcast.seen);
    broadcast.unsubscribe?.();
    // The playlists get their ENDLIST; viewers play to the end of what was sent.
    await broadcast.packager?.stop();
    await broadcast.mirror?.stop();
    const { ctx } = this;
    await ctx.db.transaction(async (tx) => {
      const ended = await tx
        .update(liveRooms)
        .set({ status: "ENDED", endedAt: ctx.now(), seenAt: ctx.now() })
        .where(sql`${liveRooms.id} = ${broadcast.roomId} and ${liveRooms.session} = ${broadcast.session}`)
        .returning({ id: liveRooms.id });
      if (ended.length > 0)
        await notifyRoom(tx, broadcast.roomId, { event: "room", data: { status: "ENDED" } });
    });
    ctx.log.info({ area: "live", roomId: broadcast.roomId }, "a room's broadcast ended");
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void rm(broadcast.dir, { recursive: true, force: true });
      void broadcast.mirror?.remove().catch(() => undefined);
    }, KEEP_ENDED_MS);
    timer.unref();
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    await this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
    await this.demo?.stop();
    const ingest = this.ingest;
    this.ingest = null;
    const pending = [...this.broadcasts.keys()];
    await ingest?.close();
    // close() ended every broadcast; wait until their rooms are written ENDED.
    for (let i = 0; i < 100 && pending.some((key) => this.broadcasts.has(key)); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // Timeouts and the sweep's interval alike (clearTimeout clears both).
    for (const timer of this.timers) clearTimeout(timer);
    stations.delete(this.ctx);
  }
}
