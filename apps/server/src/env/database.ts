import { group, oneOf, orElse, orNull, setting, text, whole } from "./setting";
import type { Read } from "./setting";

/** The database, the caches and searches in front of it, and the background jobs kept in it. */
export const databaseSettings = {
  databaseUrl: setting("DATABASE_URL", orNull(text), {
    default: "—",
    description: "PostgreSQL instead of the embedded database",
  }),
  pgPoolMax: setting("PG_POOL_MAX", orElse(whole(1, { max: 1000 }), 10), {
    default: "`10`",
    description:
      "PostgreSQL connections a process may hold at once (processes × this must stay under the server's `max_connections`, 100 by default)",
  }),
  pgConnectTimeoutMs: setting("PG_CONNECT_TIMEOUT_MS", orElse(whole(100), 5000), {
    default: "`5000`",
    description: "how long a request waits for a PostgreSQL connection before it is told to try again",
  }),
  pgStatementTimeoutMs: setting("PG_STATEMENT_TIMEOUT_MS", orElse(whole(0), 30_000), {
    default: "`30000`",
    description: "the longest a statement may run on PostgreSQL before it is cancelled (0: no limit)",
  }),
  catalogueCacheMs: setting("CATALOGUE_CACHE_MS", orElse(whole(0), 2000), {
    default: "`2000`",
    description: "how long a process may reuse list pages, video rows and a viewer's flags (0: never)",
  }),
  searchProbeRows: setting("SEARCH_PROBE_ROWS", orElse(whole(1), 2000), {
    default: "`2000`",
    description:
      "how many videos of its order a search reads for a page before it asks the GIN indexes (decision 0016)",
  }),
  pageCountHorizon: setting("PAGE_COUNT_HORIZON", orElse(whole(1, { max: 1_000_000 }), 10_000), {
    default: "`10000`",
    description:
      "how many records past a numbered page's start a list counts for `total` when the database does not keep its length (a filter, a thread's replies); past it `total` is a lower bound and `totalPlus` is true (decision 0033)",
  }),
  jobsPollMs: setting("JOBS_POLL_MS", orElse(whole(10), 1000), {
    default: "`1000`",
    description: "how often a process looks for due background jobs",
  }),
  jobsLeaseMs: setting("JOBS_LEASE_MS", orElse(whole(1000), 60_000), {
    default: "`60000`",
    description:
      "how long a claimed job is its process's; renewed every third while it runs, so only a dead process's job is taken up again",
  }),
  redisUrl: setting("REDIS_URL", orNull(text), {
    default: "—",
    description:
      "Redis (`redis://host:6379`): the per-address call limits are counted there for every process; without it, in the database (PostgreSQL) or in memory (embedded)",
  }),
  rateLimitStore: setting("RATE_LIMIT_STORE", orNull(oneOf(["memory", "database", "redis"])), {
    default: "`redis` with `REDIS_URL`; `database` for several processes on PostgreSQL; else `memory`",
    description:
      "where the per-address call limits are counted: `memory` (this process only), `database` (PostgreSQL's budget rows, every process), `redis` (every process)",
  }),
  jobsConcurrency: setting("JOBS_CONCURRENCY", orElse(whole(1, { max: 64 }), 4), {
    default: "`4`",
    description: "jobs of the `default` queue (upload clean-up, purges, sweeps) a process runs at once",
  }),
  jobsMoneyConcurrency: setting("JOBS_MONEY_CONCURRENCY", orElse(whole(1, { max: 64 }), 4), {
    default: "`4`",
    description:
      "jobs of the `money` queue (payment expiry and notifications, payouts, bets) a process runs at once; transcodes have their own (`TRANSCODE_CONCURRENCY`)",
  }),
};

export const databaseGroup = group("The database, caches and jobs", databaseSettings);

export interface DatabasePart {
  /** PostgreSQL instead of the embedded database when set. */
  readonly databaseUrl: string | null;
  /** PostgreSQL connections this process may hold at once. */
  readonly pgPoolMax: number;
  /** How long a query waits for a PostgreSQL connection (ms). */
  readonly pgConnectTimeoutMs: number;
  /** The longest a statement may run on PostgreSQL (ms; 0: no limit). */
  readonly pgStatementTimeoutMs: number;
  /** How long a process may reuse catalogue reads: list pages, video rows (ms; 0: never). */
  readonly catalogueCacheMs: number;
  /** How many videos of its sort order a keyset search reads before it asks the GIN indexes (decision 0016). */
  readonly searchProbeRows: number;
  /** How many records past a numbered page's start a catalogue list counts for `total` (decision 0033). */
  readonly pageCountHorizon: number;
  /** How often this process looks for due background jobs (ms). */
  readonly jobsPollMs: number;
  /** How long a claimed job is this process's before another may take it up (renewed while it runs). */
  readonly jobsLeaseMs: number;
  /** Redis, where the per-address call limits are counted for every process (null: the database). */
  readonly redisUrl: string | null;
  /** RATE_LIMIT_STORE as set (null: decided from REDIS_URL and how many processes run; env.ts). */
  readonly rateLimitStore: "memory" | "database" | "redis" | null;
  /** Jobs of the `default` queue one process runs at once. */
  readonly jobsConcurrency: number;
  /** Jobs of the `money` queue one process runs at once. */
  readonly jobsMoneyConcurrency: number;
}

export function databaseOf(read: Read): DatabasePart {
  const s = databaseSettings;
  return {
    databaseUrl: read(s.databaseUrl),
    pgPoolMax: read(s.pgPoolMax),
    pgConnectTimeoutMs: read(s.pgConnectTimeoutMs),
    pgStatementTimeoutMs: read(s.pgStatementTimeoutMs),
    catalogueCacheMs: read(s.catalogueCacheMs),
    searchProbeRows: read(s.searchProbeRows),
    pageCountHorizon: read(s.pageCountHorizon),
    jobsPollMs: read(s.jobsPollMs),
    jobsLeaseMs: read(s.jobsLeaseMs),
    redisUrl: read(s.redisUrl),
    rateLimitStore: read(s.rateLimitStore),
    jobsConcurrency: read(s.jobsConcurrency),
    jobsMoneyConcurrency: read(s.jobsMoneyConcurrency),
  };
}
