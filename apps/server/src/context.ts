import type { FastifyBaseLogger } from "fastify";
import { TtlCache } from "./cache";
import { FloodGuard } from "./security/flood";
import type { Db } from "./db/database";
import type { ServerConfig } from "./env";
import type { MediaLibrary } from "./media/library";
import type { SmsGateway } from "./providers/sms/gateway";

/** What every module works with; made once at start. */
export interface AppContext {
  readonly db: Db;
  readonly dbKind: "pglite" | "postgres";
  readonly config: ServerConfig;
  /** Settled secrets (from the environment, or generated once and kept in the data folder). */
  readonly secrets: { readonly reqKey: string; readonly clientSecret: string; readonly signingKey: string };
  readonly sms: SmsGateway;
  /** The clips videos play (HLS renditions and covers). */
  readonly media: MediaLibrary;
  readonly log: FastifyBaseLogger;
  readonly caches: Caches;
  /** The clock, replaceable in tests that need time to pass. */
  now(): Date;
}

/** A session as authenticate found it (by the access token's hash). */
export interface CachedSession {
  readonly userId: number | null;
  readonly sessionId: number;
  readonly accessExpiresAt: number;
  /** The user's membership fields (null for a guest session). */
  readonly membership: { readonly vipPermanent: boolean; readonly vipExpiresAt: Date | null } | null;
}

/** Hot reads kept briefly in this process (see TtlCache). */
export interface Caches {
  readonly sessions: TtlCache<string, CachedSession>;
  /** Viewer-independent pages of the video list, by filters and paging. */
  readonly videoPages: TtlCache<string, { readonly rows: readonly unknown[]; readonly total: number }>;
  /** Viewer-independent video rows, by id. */
  readonly videos: TtlCache<number, unknown>;
  /** What a viewer did with a video (bought, liked…), by `viewerId:videoId`. */
  readonly viewerFlags: TtlCache<string, unknown>;
  /** A viewer's resume positions on one list page, by `viewerId|page key`. */
  readonly viewerSeen: TtlCache<string, ReadonlyMap<number, number>>;
  /** Calls per minute of callers of the calls anyone may make that write rows. */
  readonly flood: FloodGuard;
}

export function makeCaches(config: ServerConfig, now: () => Date): Caches {
  const clock = () => now().getTime();
  return {
    sessions: new TtlCache(config.sessionCacheMs, 50_000, clock),
    videoPages: new TtlCache(config.catalogueCacheMs, 2_000, clock),
    videos: new TtlCache(config.catalogueCacheMs, 10_000, clock),
    viewerFlags: new TtlCache(config.catalogueCacheMs, 50_000, clock),
    viewerSeen: new TtlCache(config.catalogueCacheMs, 50_000, clock),
    flood: new FloodGuard(clock),
  };
}
