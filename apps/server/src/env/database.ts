import { group, orElse, orNull, setting, text, whole } from "./setting";
import type { Read } from "./setting";

/** The database, the caches and searches in front of it, and the background jobs kept in it. */
export const databaseSettings = {
  databaseUrl: setting("DATABASE_URL", orNull(text), {
    default: "—",
    description: "PostgreSQL instead of the embedded database",
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
  jobsPollMs: setting("JOBS_POLL_MS", orElse(whole(10), 1000), {
    default: "`1000`",
    description: "how often a process looks for due background jobs",
  }),
  jobsLeaseMs: setting("JOBS_LEASE_MS", orElse(whole(1000), 60_000), {
    default: "`60000`",
    description:
      "how long a claimed job is its process's; renewed every third while it runs, so only a dead process's job is taken up again",
  }),
};

export const databaseGroup = group("The database, caches and jobs", databaseSettings);

export interface DatabasePart {
  /** PostgreSQL instead of the embedded database when set. */
  readonly databaseUrl: string | null;
  /** How long a process may reuse catalogue reads: list pages, video rows (ms; 0: never). */
  readonly catalogueCacheMs: number;
  /** How many videos of its sort order a keyset search reads before it asks the GIN indexes (decision 0016). */
  readonly searchProbeRows: number;
  /** How often this process looks for due background jobs (ms). */
  readonly jobsPollMs: number;
  /** How long a claimed job is this process's before another may take it up (renewed while it runs). */
  readonly jobsLeaseMs: number;
}

export function databaseOf(read: Read): DatabasePart {
  const s = databaseSettings;
  return {
    databaseUrl: read(s.databaseUrl),
    catalogueCacheMs: read(s.catalogueCacheMs),
    searchProbeRows: read(s.searchProbeRows),
    jobsPollMs: read(s.jobsPollMs),
    jobsLeaseMs: read(s.jobsLeaseMs),
  };
}
