// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- node-media-server's typings must reach every program compiling this file (the h5 e2e's too)
/// <reference path="./node-media-server.d.ts" />
/**
 * The RTMP ingest (Step 16, decision 0022): any RTMP encoder (OBS, ffmpeg) publishes to
 * `rtmp://host:port/live/<stream key>`. The protocol is node-media-server's (its RTMP session,
 * handshake, chunking and broadcast with GOP cache); this file owns only the listening socket, so
 * it can take port 0, close with the server, and keep stream keys out of the log.
 *
 * Who may publish is the caller's: `admit` answers at once from the key's form and signature
 * (a forged key is dropped before anything is kept for it), `verify` then asks the database.
 * Nobody may play from the ingest (plays need a signature no one has); what viewers watch is the
 * HLS the packager makes, behind the playlist routes.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import Context from "node-media-server/src/core/context.js";
import nmsLogger from "node-media-server/src/core/logger.js";
import BaseSession from "node-media-server/src/session/base_session.js";
import RtmpSession from "node-media-server/src/session/rtmp_session.js";

/** A stream being received: its key, what its metadata says, and a way to read it as FLV. */
export interface IngestStream {
  /** The stream key (the path's last part). */
  readonly key: string;
  readonly width: number;
  readonly height: number;
  /** Whether the encoder sends audio (from its metadata, or an audio header seen). */
  hasAudio(): boolean;
  /** Whether the video's decoder configuration has arrived (the stream can be packaged). */
  hasVideoHeader(): boolean;
  /** Read the stream as FLV from now on (headers and the current GOP first); answers a stop. */
  subscribe(write: (chunk: Buffer) => void): () => void;
  /** Drop the encoder now (the room ends without the reconnect grace, even one already running). */
  drop(): void;
}

export interface IngestHooks {
  /** At once, when a publish starts: whether `app`/`key` may publish at all (form and signature). */
  admit(app: string, key: string): boolean;
  /** A new publish was admitted (not a resume within the grace). */
  started(stream: IngestStream): void;
  /** The same encoder came back within the grace (`admit` said yes again): the caller may still end it. */
  resumed(stream: IngestStream): void;
  /** The publish ended: the encoder went away and the grace passed, or it was dropped. */
  ended(key: string): void;
  /** Anything worth a line in the log (keys already taken out). */
  log(level: "debug" | "info" | "warn", message: string): void;
}

export interface IngestOptions {
  readonly host: string;
  readonly port: number;
  /** How long a dropped encoder may come back (same address) and carry on the same broadcast. */
  readonly reconnectGraceMs: number;
  /** A publisher that sends nothing for this long is dropped. */
  readonly stallMs: number;
}

/**
 * Stream keys taken out, for the log: the stream name of a path (`/live/<key>`), `name=`, an `app=`
 * other than `live` (an encoder given the key in its server field too), and anything shaped like a
 * key wherever it stands.
 */
export function redactStreamKeys(message: string): string {
  return message
    .replace(/\d{1,15}-\d{1,9}-[A-Za-z0-9_-]{8,}/g, "[key]")
    .replace(/(\/[A-Za-z0-9_-]+\/)[A-Za-z0-9_-]+/g, "$1[key]")
    .replace(/(name=)[^,\s]+/g, "$1[key]")
    .replace(/(app=)(?!live(?:[,\s]|$))[^,\s]+/g, "$1[key]");
}

interface Publishing {
  session: RtmpSession;
  lastBytes: number;
  lastChange: number;
  stream: IngestStream;
}

/** node-media-server's state is one per process: so is the ingest. */
let running: RtmpIngest | null = null;

export class RtmpIngest {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly publishing = new Map<string, Publishing>();
  private readonly refused = new WeakSet<object>();
  private readonly watchdog: NodeJS.Timeout;
  private readonly listeners: [string, (session: RtmpSession) => void][];

  private constructor(
    private readonly options: IngestOptions,
    private readonly hooks: IngestHooks,
  ) {
    // Plays need a signed URL nobody is given (the secret is thrown away): viewers watch HLS.
    Context.config = { auth: { play: true, publish: false, secret: randomBytes(32).toString("hex") } };
    // node-media-server logs every session with its stream path (the key): through us, redacted.
    nmsLogger.level = "debug";
    nmsLogger.log = (message: string, level = "info") => {
      hooks.log(level === "error" || level === "warn" ? "warn" : "debug", redactStreamKeys(message));
    };
    this.listeners = [
      ["prePublish", this.onPrePublish],
      ["postPublish", this.onPostPublish],
      ["donePublish", this.onDonePublish],
    ];
    for (const [event, listener] of this.listeners) Context.eventEmitter.on(event, listener);
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      // An encoder that connects and says nothing is not kept forever.
      socket.setTimeout(Math.max(options.stallMs, 5000), () => socket.destroy());
      const session = new RtmpSession(socket);
      session.run();
      Context.sessions.set(session.id, session);
    });
    this.watchdog = setInterval(() => {
      this.dropStalled();
    }, 1000);
    this.watchdog.unref();
  }

  /** Listen; answers the port (useful with port 0). */
  static async start(
    options: IngestOptions,
    hooks: IngestHooks,
  ): Promise<{ ingest: RtmpIngest; port: number }> {
    if (running !== null)
      throw new Error("one RTMP ingest per process (node-media-server keeps global state)");
    const ingest = new RtmpIngest(options, hooks);
    running = ingest;
    try {
      const port = await new Promise<number>((resolve, reject) => {
        ingest.server.once("error", reject);
        ingest.server.listen(options.port, options.host, () => {
          ingest.server.off("error", reject);
          const address = ingest.server.address();
          resolve(typeof address === "object" && address !== null ? address.port : options.port);
        });
      });
      return { ingest, port };
    } catch (error) {
      await ingest.close();
      throw error;
    }
  }

  /** Stop listening and drop every encoder (their broadcasts end). */
  async close(): Promise<void> {
    clearInterval(this.watchdog);
    const closed = new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
    for (const socket of this.sockets) socket.destroy();
    const keys = [...this.publishing.keys()];
    this.publishing.clear();
    for (const key of keys) this.hooks.ended(key);
    if (this.server.listening) await closed;
    for (const [event, listener] of this.listeners) Context.eventEmitter.off(event, listener);
    if (running === this) running = null;
  }

  /**
   * End the publish of a key now: its encoder is dropped and its broadcast ends without the
   * reconnect grace — also when the encoder had already dropped and the grace was running (a key
   * reset must not leave a way back in).
   */
  end(key: string): void {
    const entry = this.publishing.get(key);
    if (entry === undefined) return;
    const broadcast = entry.session.broadcast;
    broadcast.publishGraceMs = 0;
    entry.session.socket.destroy();
    // In the grace: node-media-server waits for its timer; end it now (donePublish follows).
    if (broadcast.getPublishStatus() === "reconnecting") broadcast._finishPublish();
  }

  private refuse(session: RtmpSession): void {
    this.refused.add(session);
    // A publish of this key in its grace ends too: node-media-server would resume it with this
    // session from the same address (a stale key coming back after a reset).
    if (this.publishing.get(session.streamName)?.session.broadcast === session.broadcast)
      this.end(session.streamName);
    // The broadcast ends at once (no grace kept for a refused key) and the connection goes.
    session.broadcast.publishGraceMs = 0;
    session.socket.destroy();
  }

  private readonly onPrePublish = (session: RtmpSession) => {
    if (!this.hooks.admit(session.streamApp, session.streamName)) {
      this.hooks.log("info", `refused a publish from ${session.ip}: not a current stream key of this server`);
      this.refuse(session);
      return;
    }
    session.broadcast.publishGraceMs = this.options.reconnectGraceMs;
  };

  private readonly onPostPublish = (session: RtmpSession) => {
    if (this.refused.has(session)) return;
    const key = session.streamName;
    const earlier = this.publishing.get(key);
    if (earlier !== undefined) {
      // The same encoder back within the grace: the broadcast (and its packaging) carries on.
      if (earlier.session.broadcast === session.broadcast && earlier.session.broadcast.publisher === null) {
        earlier.session = session;
        earlier.lastChange = Date.now();
        earlier.lastBytes = 0;
        this.hooks.log("info", `an encoder came back to its room (from ${session.ip})`);
        this.hooks.resumed(earlier.stream);
      }
      return;
    }
    const broadcast = session.broadcast;
    const entry: Publishing = {
      session,
      lastBytes: 0,
      lastChange: Date.now(),
      stream: {
        key,
        get width() {
          return entry.session.videoWidth;
        },
        get height() {
          return entry.session.videoHeight;
        },
        hasAudio: () => entry.session.audioCodec !== 0 || broadcast.flvAudioHeader !== null,
        hasVideoHeader: () => broadcast.flvVideoHeader !== null,
        subscribe: (write) => {
          const reader = new BaseSession();
          reader.protocol = "flv";
          // An empty address: node-media-server's own kind of reader (no play check, no count).
          reader.ip = "";
          reader.sendBuffer = write;
          broadcast.postPlay(reader);
          return () => {
            broadcast.donePlay(reader);
          };
        },
        drop: () => {
          this.end(key);
        },
      },
    };
    this.publishing.set(key, entry);
    this.hooks.started(entry.stream);
  };

  private readonly onDonePublish = (session: RtmpSession) => {
    if (this.refused.has(session)) return;
    const key = session.streamName;
    if (this.publishing.get(key)?.session !== session) return;
    this.publishing.delete(key);
    this.hooks.ended(key);
  };

  /** Drop encoders whose connection is open but sends nothing (the room would never end). */
  private dropStalled(): void {
    const now = Date.now();
    for (const entry of this.publishing.values()) {
      if (entry.session.socket.destroyed) continue;
      if (entry.session.inBytes !== entry.lastBytes) {
        entry.lastBytes = entry.session.inBytes;
        entry.lastChange = now;
      } else if (now - entry.lastChange > this.options.stallMs) {
        this.hooks.log("info", "dropped an encoder that stopped sending");
        entry.session.socket.destroy();
      }
    }
  }
}
