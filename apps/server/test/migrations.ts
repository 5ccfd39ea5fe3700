import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "../src/db/schema";

const folder = fileURLToPath(new URL("../drizzle", import.meta.url));

/**
 * An embedded database migrated as it was before the migration whose tag starts with `prefix`
 * (a copy of the folder with the journal cut there), to write older rows into; `migrateAll` then
 * applies the rest, as an upgrade would. `close` drops it all.
 */
export async function databaseBefore(prefix: string) {
  const scratch = mkdtempSync(join(tmpdir(), "migrations-"));
  cpSync(folder, scratch, { recursive: true });
  const journalPath = join(scratch, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const before = journal.entries.findIndex((e) => e.tag.startsWith(prefix));
  if (before <= 0) throw new Error(`no migration ${prefix} after the first`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));
  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: scratch });
  return {
    client,
    db,
    migrateAll: () => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
