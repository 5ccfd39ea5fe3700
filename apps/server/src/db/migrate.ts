import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describeDatabaseError } from "./errors";

/**
 * The advisory lock every migration of a PostgreSQL database runs under (any 64-bit number, the
 * same in every process): processes starting together on an empty database take turns instead of
 * racing to create the same tables (two of three such starts crashed before, Step 21).
 */
export const MIGRATION_LOCK = 4_821_730_551;

/** The versioned migrations (drizzle-kit output), found from src/ and from dist/ alike. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  throw new Error("the server's migrations folder (drizzle/) was not found");
}

/**
 * Bring a PostgreSQL database to the newest migration, holding `MIGRATION_LOCK` on a connection of
 * its own while it does (the lock ends with that connection, so a process that dies mid-migration
 * frees it). Migrations already applied are skipped: the second of two processes finds nothing
 * to do. An error carries the database's own message and code (`cause`).
 */
export async function migratePostgres(
  connectionString: string,
  options: { readonly connectTimeoutMs?: number } = {},
): Promise<void> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
  });
  // An error on the idle socket (the database restarting) is the awaited query's to report.
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    }
  } catch (error) {
    throw new Error(`migrating the database failed: ${describeDatabaseError(error)}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}
