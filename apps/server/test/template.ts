import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { prepareEmbeddedDatabases } from "../src/db/database";
import { forgetHolder } from "../src/db/holder";
import { seed } from "../src/seed";
import { startServer } from "../src/server";
import { testConfig } from "./config";
import { testDatabaseUrl } from "./env";

/**
 * The demo data, seeded once per run (the server project's global setup) and cloned by every
 * suite that starts seeded: the embedded database's folder is copied, PostgreSQL's database is
 * made with `create database … template …`. Seeding took 1.5–3 s a suite, 22 suites, two databases.
 */
export interface SeedTemplate {
  /** A data folder (database, secrets, uploads) seeded on PGlite. */
  readonly pgliteDir: string;
  /**
   * An empty PGlite database, every migration run: the `db` folder an unseeded suite starts from.
   * A new PGlite cluster costs its initdb, ≈ 6 s of one core here (reopening one: 0.7 s); suites
   * start about forty empty servers a run.
   */
  readonly emptyPgliteDb: string;
  /** The data folder of the PostgreSQL template (its secrets, uploads); null without PostgreSQL. */
  readonly postgresDir: string | null;
  /** The seeded PostgreSQL database to copy; null without PostgreSQL. */
  readonly postgresDatabase: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    seedTemplate: SeedTemplate;
  }
}

async function seedInto(dataDir: string, databaseUrl: string | null): Promise<void> {
  const server = await startServer(testConfig(dataDir, databaseUrl), { logger: false });
  try {
    await seed(server.ctx);
  } finally {
    await server.ctx.jobs.stop();
    await server.close();
  }
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Seed the template on PGlite and (when it answers) PostgreSQL; returns it and how to remove it. */
export async function makeSeedTemplate(): Promise<{
  template: SeedTemplate;
  remove: () => Promise<void>;
}> {
  const root = mkdtempSync(join(tmpdir(), "platform-template-"));
  // The empty database (the run's one initdb), migrated and closed; the seed goes into a copy.
  const emptyDir = join(root, "empty");
  const pgliteDir = join(root, "pglite");
  await prepareEmbeddedDatabases([emptyDir, pgliteDir]);
  const emptyPgliteDb = join(emptyDir, "db");
  await seedInto(pgliteDir, null);
  let postgresDir: string | null = null;
  let postgresDatabase: string | null = null;
  const adminUrl = testDatabaseUrl;
  if (adminUrl !== null) {
    postgresDatabase = `platform_template_${String(process.pid)}_${String(Date.now())}`;
    postgresDir = join(root, "postgres");
    mkdirSync(postgresDir, { recursive: true });
    const name = postgresDatabase;
    await admin(adminUrl, (c) => c.query(`create database ${name}`));
    await seedInto(postgresDir, withDatabase(adminUrl, name));
  }
  return {
    template: { pgliteDir, emptyPgliteDb, postgresDir, postgresDatabase },
    remove: async () => {
      if (adminUrl !== null && postgresDatabase !== null) {
        const name = postgresDatabase;
        await admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

interface Shared {
  made: ReturnType<typeof makeSeedTemplate>;
  users: number;
}
const SHARED = Symbol.for("platform.seedTemplate");
const holder = globalThis as { [SHARED]?: Shared | undefined };

/**
 * The run's template, made once for every project that asks (the integration and fuzz tiers' global
 * setups run in vitest's one main process, each with its own module instance: the template is kept
 * on `globalThis`). `release` removes it when the last project that asked is done.
 */
export async function sharedSeedTemplate(): Promise<{
  template: SeedTemplate;
  fresh: boolean;
  release: () => Promise<void>;
}> {
  const existing = holder[SHARED];
  const shared = existing ?? { made: makeSeedTemplate(), users: 0 };
  holder[SHARED] = shared;
  shared.users += 1;
  const { template, remove } = await shared.made;
  return {
    template,
    fresh: existing === undefined,
    release: async () => {
      shared.users -= 1;
      if (shared.users > 0) return;
      holder[SHARED] = undefined;
      await remove();
    },
  };
}

/** Copy a template's data folder into a suite's (the embedded database with it). */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  forgetHolder(join(to, "db"));
}

/** Give an empty data folder the template's empty, migrated embedded database (its `db` folder). */
export function copyEmptyDatabase(template: SeedTemplate, dataDir: string): void {
  copyDataDir(template.emptyPgliteDb, join(dataDir, "db"));
}
