import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { forgetHolder, holdDataDir } from "./holder";
import { migratePostgres, migrationsFolder } from "./migrate";
import * as schema from "./schema";

/** Either driver behind one type: the query builder and transactions are the same. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Notifications of one channel (PostgreSQL's LISTEN): `payload` as NOTIFY sent it. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface Database {
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  /**
   * Hear a channel's notifications, from every process on the database (`pg_notify` in a
   * transaction is delivered when it commits). PostgreSQL: a connection of its own, connected again
   * if it drops; the embedded database: its own LISTEN (one process by nature).
   */
  readonly listen: Listen;
  /** Whether the database answers `select 1` within `timeoutMs` (readiness). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The PostgreSQL pool's connections (open, idle, queries waiting for one); null when embedded. */
  poolStats(): { readonly total: number; readonly idle: number; readonly waiting: number } | null;
  close(): Promise<void>;
}

/** How a process uses PostgreSQL (settings PG_POOL_MAX, PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS). */
export interface PoolOptions {
  readonly pgPoolMax?: number;
  readonly pgConnectTimeoutMs?: number;
  readonly pgStatementTimeoutMs?: number;
  /** Told of an error on an idle connection (the database restarting): logged, never fatal. */
  readonly onPoolError?: (error: Error) => void;
}

/** Whether `query` succeeds within `timeoutMs` (readiness must not hang on a database that hangs). */
/** Whether `query` settles without an error within `timeoutMs` (readiness checks). */
export async function answers(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      query().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** LISTEN on a connection of its own, connecting again (after 1 s) whenever it is lost. */
function postgresListen(connectionString: string): { listen: Listen; close: () => Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failures = 0;
  // Connect again after 1 s, 2 s, 4 s… up to 10 s while the database is away (a restart).
  const retry = () => {
    if (closed || handlers.size === 0) return;
    const wait = Math.min(10_000, 1000 * 2 ** Math.min(failures, 4));
    setTimeout(() => {
      if (!closed) void connect().catch(() => undefined);
    }, wait).unref();
  };
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", () => {
        // A lost connection (a connect that failed is the catch's below).
        if (client !== next) return;
        client = null;
        connecting = null;
        void next.end().catch(() => undefined);
        retry();
      });
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        connecting = null;
        failures += 1;
        void next.end().catch(() => undefined);
        retry();
        throw error;
      }
      failures = 0;
      client = next;
      return next;
    })();
    return connecting;
  };
  return {
    listen: async (channel, onPayload) => {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onPayload);
      handlers.set(channel, set);
      const connection = await connect();
      if (first) await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    close: async () => {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * Open the database and bring it to the newest migration: PostgreSQL when a URL is given, else the
 * embedded PGlite in `<dataDir>/db` (a folder on disk that survives restarts).
 */
export async function openDatabase(
  options: {
    databaseUrl: string | null;
    dataDir: string;
  } & PoolOptions,
): Promise<Database> {
  if (options.databaseUrl) {
    const connectTimeoutMs = options.pgConnectTimeoutMs ?? 5000;
    // Under the migration lock: after `migrate` or another process, nothing is left to do.
    await migratePostgres(options.databaseUrl, { connectTimeoutMs });
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolMax ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      ...(options.pgStatementTimeoutMs ? { statement_timeout: options.pgStatementTimeoutMs } : {}),
    });
    // Without a listener, an idle connection's error (the database restarting) ends the process:
    // here it is told, the connection is dropped, and the next query makes a new one.
    pool.on("error", (error) => {
      options.onPoolError?.(error);
    });
    const db = drizzlePg(pool, { schema });
    const listener = postgresListen(options.databaseUrl);
    return {
      db: db as unknown as Db,
      kind: "postgres",
      listen: listener.listen,
      ping: (timeoutMs = 2000) => answers(() => pool.query("select 1"), timeoutMs),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const folder = join(options.dataDir, "db");
  mkdirSync(folder, { recursive: true });
  // One process at a time (db/holder.ts): a second opener is refused, never silently forked.
  const release = holdDataDir(folder);
  let client: PGlite;
  try {
    client = await PGlite.create(folder);
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close().catch(() => undefined);
    release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: (timeoutMs = 2000) => answers(() => client.query("select 1"), timeoutMs),
    poolStats: () => null,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Give each of `dataDirs` the same empty, migrated embedded database, paying PGlite's initdb (≈ 6 s
 * of one core) once: the first folder's is made, the others are copies of it (closed first). For
 * tools and test harnesses that start several servers.
 */
export async function prepareEmbeddedDatabases(dataDirs: readonly string[]): Promise<void> {
  const [first, ...rest] = dataDirs;
  if (first === undefined) return;
  await (await openDatabase({ databaseUrl: null, dataDir: first })).close();
  for (const dataDir of rest) {
    cpSync(join(first, "db"), join(dataDir, "db"), { recursive: true });
    forgetHolder(join(dataDir, "db"));
  }
}
