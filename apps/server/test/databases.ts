import { randomBytes } from "node:crypto";
import pg from "pg";
import { testDatabaseUrl } from "./env";

/**
 * Where the integration suites run: always on the embedded PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL names a server (each run makes its own database and drops it afterwards).
 */
export interface DatabaseTarget {
  readonly name: "pglite" | "postgres";
  /** False when no PostgreSQL is reachable: its suites are reported as skipped. */
  readonly available: boolean;
  /**
   * Make a fresh database — empty, or (PostgreSQL) a copy of the `template` database; returns its
   * URL (null for PGlite, whose database lives in the data folder) and how to drop it.
   */
  create(template?: string | null): Promise<{ databaseUrl: string | null; drop(): Promise<void> }>;
}

const pglite: DatabaseTarget = {
  name: "pglite",
  available: true,
  create: () => Promise.resolve({ databaseUrl: null, drop: () => Promise.resolve() }),
};

function postgres(adminUrl: string | null): DatabaseTarget {
  return {
    name: "postgres",
    available: adminUrl !== null,
    async create(template = null) {
      if (adminUrl === null) throw new Error("no PostgreSQL (TEST_DATABASE_URL is not set)");
      const name = `platform_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}${template === null ? "" : ` template ${template}`}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
        async drop() {
          const again = new pg.Client({ connectionString: adminUrl });
          await again.connect();
          // pg's Pool.end() resolves before its clients' sockets have closed: a forced drop then
          // would kill those backends, and their clients would throw 57P01 with nobody listening.
          // Wait (briefly) for the server's own close to finish first; force only what is left.
          for (let i = 0; i < 50; i++) {
            const { rows } = await again.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where datname = $1",
              [name],
            );
            if ((rows[0]?.n ?? 0) === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          await again.query(`drop database if exists ${name} with (force)`);
          await again.end();
        },
      };
    },
  };
}

/** Both databases; PostgreSQL's suites are skipped (and counted as skipped) when it is not reachable. */
/** PostgreSQL of TEST_DATABASE_URL (`available` false when it is not set). */
export const postgresTarget: DatabaseTarget = postgres(testDatabaseUrl);
export const targets: readonly DatabaseTarget[] = [pglite, postgresTarget];
export const embedded: DatabaseTarget = pglite;
