/**
 * Operator commands, against DATABASE_URL or the embedded database in DATA_DIR, as the server
 * would open them:
 *
 *   reconcile                        prove the books (exit 1 on any drift)
 *   review list                      what waits for review (new videos and edits), oldest first
 *   review take <id>                 take one for review (50)
 *   review approve <id>              publish it (99), or apply its edit
 *   review reject <id> <reason>      refuse it (70), or its edit, saying why
 *   review takedown <id> <reason>    take a published video down (86); its buyers are refunded
 *
 * The embedded database is one process's at a time: stop the server first, or use PostgreSQL.
 */
import { openDatabase } from "./db/database";
import { loadConfig } from "./env";
import {
  ReviewError,
  approveReview,
  rejectReview,
  reviewQueue,
  takeDown,
  takeForReview,
} from "./modules/substance/review";
import type { ReviewDeps } from "./modules/substance/review";
import { describeReport, reconcile } from "./modules/trade/reconcile";

const usage = `usage:
  cli.js reconcile
  cli.js review list
  cli.js review take <id>
  cli.js review approve <id>
  cli.js review reject <id> <reason>
  cli.js review takedown <id> <reason>
`;

function idOf(text: string | undefined): number {
  const id = Number(text);
  if (!/^\d{1,16}$/.test(text ?? "") || !Number.isSafeInteger(id) || id < 1)
    throw new ReviewError(`not a video id: ${text ?? "(none)"}`);
  return id;
}

async function review(deps: ReviewDeps, args: readonly string[]): Promise<string> {
  const [action, id, ...reason] = args;
  switch (action) {
    case "list": {
      const queue = await reviewQueue(deps.db);
      if (queue.length === 0) return "nothing waits for review";
      return queue
        .map(
          (q) =>
            `${String(q.id).padStart(8)}  ${q.kind.padEnd(5)}  ${String(q.status)}  ${q.waitingSince.toISOString()}  ${q.author}  ${q.title}`,
        )
        .join("\n");
    }
    case "take":
      return takeForReview(deps, idOf(id));
    case "approve":
      return approveReview(deps, idOf(id));
    case "reject":
      return rejectReview(deps, idOf(id), reason.join(" "));
    case "takedown":
      return takeDown(deps, idOf(id), reason.join(" "));
    default:
      throw new ReviewError(usage.trimEnd());
  }
}

async function main(command: string | undefined, args: readonly string[]): Promise<number> {
  if (command !== "reconcile" && command !== "review") {
    process.stderr.write(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (command === "review") {
      process.stdout.write(`${await review({ db: database.db, now: () => new Date() }, args)}\n`);
      return 0;
    }
    const report = await reconcile(database.db);
    process.stdout.write(`${describeReport(report)}\n`);
    return report.drift.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv[2], process.argv.slice(3)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ReviewError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(
      `${process.argv[2] ?? "command"} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
