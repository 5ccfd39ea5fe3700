import type { FastifyBaseLogger } from "fastify";
import type { ServerMessageKey } from "@platform/domain";
import type { CacheDrops } from "./cache-drops";
import type { FloodGuard } from "./security/flood";
import type { Db, Listen } from "./db/database";
import type { uploads } from "./db/schema";
import type { ServerConfig } from "./env";
import type { Authenticate } from "./http/caller";
import type { MediaLibrary } from "./media/library";
import type { ObjectStore } from "./providers/storage/store";
import type { JobRunner } from "./jobs/runner";
import type { PaymentChannel, PaymentProvider } from "./providers/payments/provider";
import type { SmsGateway } from "./providers/sms/gateway";

/** What every module works with; made once at start. */
export interface AppContext {
  readonly db: Db;
  readonly dbKind: "pglite" | "postgres";
  /** Hear NOTIFY of a channel from every process on the database (the live chat's fan-out). */
  readonly listen: Listen;
  readonly config: ServerConfig;
  /** Settled secrets (from the environment, or generated once and kept in the data folder). */
  readonly secrets: { readonly reqKey: string; readonly clientSecret: string; readonly signingKey: string };
  readonly sms: SmsGateway;
  /** The payment providers, one per channel (real ones, or the sandbox over HTTP). */
  readonly payments: Readonly<Record<PaymentChannel, PaymentProvider>>;
  /** Durable background work: modules register their job kinds at start. */
  readonly jobs: JobRunner;
  /** Where people and providers reach this server (PUBLIC_URL, else where it listens). */
  origin(): string;
  /** The clips videos play (HLS renditions and covers). */
  readonly media: MediaLibrary;
  /** Where uploads and the media made from them are kept (the data folder, or S3). */
  readonly storage: ObjectStore;
  readonly log: FastifyBaseLogger;
  readonly caches: Caches;
  /** The caller of a bearer header (the auth module's session lookup). */
  readonly authenticate: Authenticate;
  /** Calls a lower module makes into a higher one (decision 0028). */
  readonly ports: Ports;
  /** Whether this process should be sent requests (`/health/ready`). */
  readonly readiness: Readiness;
  /** The clock, replaceable in tests that need time to pass. */
  now(): Date;
}

/** What `/health/ready` asks: is the process shutting down, do its database and store answer, does it run its jobs. */
export interface Readiness {
  /** Set on SIGTERM: readiness answers 503 while the requests in flight finish (index.ts). */
  draining: boolean;
  /** Whether the database answers within `timeoutMs`. */
  database(timeoutMs?: number): Promise<boolean>;
  /** Whether the object store answers within `timeoutMs` (always, for the data folder). */
  storage(timeoutMs?: number): Promise<boolean>;
  /** Whether this process runs the jobs its role says it runs (a worker whose runner stopped: no). */
  jobs(): boolean;
}

/**
 * The ports: what a lower module asks of a higher one, declared here in the lower module's words
 * and wired by the composition root (server.ts), so that no module imports one above it in the
 * module order (floors.js, decision 0028).
 */
export interface Ports {
  /**
   * A person's membership changed (user/vip.ts): what this process keeps of their rights is
   * dropped — the auth module's cached sessions and the catalogue's viewer flags.
   */
  membershipChanged(userId: number): void;
  /** An upload finished (upload/): the video waiting for it, if any, is queued for processing. */
  uploadArrived(row: typeof uploads.$inferSelect): Promise<void>;
  /**
   * An upload was given up, by its owner or its expiry (upload/): the video waiting for it, if
   * any, failed, with this reason (the posting module's default: uploadCancelled).
   */
  uploadGivenUp(row: typeof uploads.$inferSelect, key?: ServerMessageKey): Promise<void>;
}

/** Hot reads kept briefly in this process, that the HTTP layer itself needs, and the drops every
 * module's caches hear. A module keeps its own caches, typed by the module (`cachesPerContext` in
 * cache.ts). */
export interface Caches {
  /** Calls per minute of callers of the calls anyone may make that write rows (shared: flood.ts). */
  readonly flood: FloodGuard;
  /** Cache drops, applied here and told to every other process (cache.ts). */
  readonly drops: CacheDrops;
}
