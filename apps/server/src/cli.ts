/**
 * Operator commands: `pnpm -F @platform/server reconcile` proves the books (exit 1 on any drift),
 * against DATABASE_URL or the embedded database in DATA_DIR, as the server would open them.
 */
import { openDatabase } from "./db/database";
import { loadConfig } from "./env";
import { describeReport, reconcile } from "./modules/trade/reconcile";

async function main(command: string | undefined): Promise<number> {
  if (command !== "reconcile") {
    process.stderr.write("usage: cli.js reconcile\n");
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const report = await reconcile(database.db);
    process.stdout.write(`${describeReport(report)}\n`);
    return report.drift.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`reconcile failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
