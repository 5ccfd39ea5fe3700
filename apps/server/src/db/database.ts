import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { holdDataDir } from "./holder";
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
  close(): Promise<void>;
}

/** LISTEN on a connection of its own, connecting again (after 1 s) whenever it is lost. */
function postgresListen(connectionString: string): { listen: Listen; close: () => Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", () => {
        if (client === next) client = null;
        connecting = null;
        void next.end().catch(() => undefined);
        if (!closed && handlers.size > 0)
          setTimeout(() => {
            if (!closed) void connect().catch(() => undefined);
          }, 1000).unref();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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

/** The versioned migrations (drizzle-kit output), found from src/ and from dist/ alike. */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  throw new Error("the server's migrations folder (drizzle/) was not found");
}

/**
 * Open the database and bring it to the newest migration: PostgreSQL when a URL is given, else the
 * embedded PGlite in `<dataDir>/db` (a folder on disk that survives restarts).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    const listener = postgresListen(options.databaseUrl);
    return {
      db: db as unknown as Db,
      kind: "postgres",
      listen: listener.listen,
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
