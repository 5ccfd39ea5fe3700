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
 *   money journals <reference>       every journal of an order number (or purchases:12, a game bet
 *                                    sandbox:<id>), with who caused it, which request, from where
 *   money statement <personId>       a person's newest ledger entries, each with its cause
 *   money held                       payments held for an operator (paid, but not as ordered)
 *   money credit <orderNum>          credit a held payment to its person's gold
 *   money refund <orderNum>          give a held payment back to its payer through its provider
 *   game held                        game wins held for review (above the limits)
 *   game pay <provider> <txid>       pay a held win as claimed
 *   game refuse <provider> <txid>    settle its bet as lost
 *
 * What a command moves is the operator's doing: the ledger records OPERATOR (or the login name)
 * and the command's run id.
 *
 * The embedded database is one process's at a time: while the server holds it, `review …` and
 * `reconcile` are carried out by the server (its console's own calls, through the offer it writes
 * in DATA_DIR: modules/admin/machine.ts), so nothing is lost; the other commands are refused
 * (exit 3) with words saying to stop the server, to use the console, or to use PostgreSQL, where
 * every command runs beside the running server (db/holder.ts). Every act is in the audit log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createAdminClient, isApiError, memoryTokens } from "@platform/api-client/admin";
import type { AdminClient } from "@platform/api-client/admin";
import { formatAmount } from "@platform/domain";
import { writeAudit } from "./modules/admin/audit";
import { COMMAND_LINE_FILE } from "./modules/admin/machine";
import type { CommandLineOffer } from "./modules/admin/machine";
import { openDatabase } from "./db/database";
import { DataDirHeldError } from "./db/holder";
import { loadConfig } from "./env";
import {
  ReviewError,
  approveReview,
  reasonOf,
  rejectReview,
  reviewQueue,
  takeDown,
  takeForReview,
} from "./modules/posting/review";
import type { ReviewDeps } from "./modules/posting/review";
import { describeReport, reconcile } from "./modules/trade/reconcile";
import { randomUUID } from "node:crypto";
import { userInfo } from "node:os";
import { withCause } from "./db/cause";
import type { Cause } from "./db/cause";
import type { Db } from "./db/database";
import type { ServerConfig } from "./env";
import { describeJournals, decideWin, heldWins, journalsOf, statementFor } from "./modules/trade/desk";
import { HeldPaymentError, creditHeld, heldPayments, refundHeld } from "./modules/trade/held";
import { paymentProviders } from "./providers/payments/http-provider";
import { settleSecrets } from "./secrets";

const usage = `usage:
  cli.js migrate
  cli.js reconcile
  cli.js money journals <reference>
  cli.js money statement <personId>
  cli.js money held
  cli.js money credit <orderNum>
  cli.js money refund <orderNum>
  cli.js game held
  cli.js game pay <provider> <transactionId>
  cli.js game refuse <provider> <transactionId>
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

/** The review commands through the running server's console calls (the embedded database is its). */
async function reviewViaServer(client: AdminClient, args: readonly string[]): Promise<string> {
  const [action, id, ...reason] = args;
  const video = () => String(idOf(id));
  switch (action) {
    case "list": {
      const queue = await client.call("review.queue", { page: 1, size: 100 });
      if (queue.total === 0) return "nothing waits for review";
      return queue.items
        .map(
          (q) =>
            `${q.videoId.padStart(8)}  ${q.kind.padEnd(5)}  ${String(q.status)}  ${q.waitingSince}  ${q.author.nickName}  ${q.title}`,
        )
        .join("\n");
    }
    case "take":
      await client.call("review.claim", { videoId: video() });
      return `video ${video()} taken for review`;
    case "approve":
      await client.call("review.approve", { videoId: video() });
      return `video ${video()} approved`;
    case "reject":
      await client.call("review.reject", { videoId: video(), reason: reasonOf(reason.join(" ")) });
      return `video ${video()} refused`;
    case "takedown": {
      const { refunded } = await client.call("review.takedown", {
        videoId: video(),
        reason: reasonOf(reason.join(" ")),
      });
      return `video ${video()} taken down; ${String(refunded)} buyers refunded`;
    }
    default:
      throw new ReviewError(usage.trimEnd());
  }
}

/** Who runs the command, as the audit log names them (`cli-<user>`): OPERATOR, else the machine's user. */
function commandUser(config: ServerConfig): string {
  return (config.operator ?? (userInfo().username || "operator")).replace(/[^\w.-]/g, "_").slice(0, 48);
}

/** Run a command through the server that holds the embedded database (its offer in DATA_DIR). */
async function viaServer(config: ServerConfig, command: string, args: readonly string[]): Promise<number> {
  let offer: CommandLineOffer;
  try {
    offer = JSON.parse(readFileSync(join(config.dataDir, COMMAND_LINE_FILE), "utf8")) as CommandLineOffer;
  } catch {
    return -1;
  }
  const tokens = memoryTokens();
  const client = createAdminClient({ baseUrl: offer.origin, tokens, language: () => "en_US" });
  const user = commandUser(config);
  tokens.set((await client.call("auth.machine", { secret: offer.secret, user })).token);
  try {
    if (command === "reconcile") {
      const report = await client.call("money.reconcile", {});
      process.stdout.write(
        report.drift.length === 0
          ? "reconcile (through the running server): zero drift\n"
          : `reconcile (through the running server): DRIFT in ${String(report.drift.length)} check(s)\n${report.drift.map((d) => `- ${d.check}: ${d.sample}`).join("\n")}\n`,
      );
      return report.drift.length === 0 ? 0 : 1;
    }
    process.stdout.write(`${await reviewViaServer(client, args)}\n`);
    return 0;
  } finally {
    await client.signOut();
  }
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

async function money(db: Db, config: ServerConfig, args: readonly string[]): Promise<string> {
  const [action, reference] = args;
  switch (action) {
    case "journals":
      if (!reference) throw new ReviewError(usage.trimEnd());
      return describeJournals(await journalsOf(db, reference));
    case "statement": {
      const id = Number(reference);
      if (!/^\d{1,16}$/.test(reference ?? "") || !Number.isSafeInteger(id) || id < 1)
        throw new ReviewError(`not a person's id: ${reference ?? "(none)"}`);
      return statementFor(db, id);
    }
    case "held": {
      const held = await heldPayments(db);
      if (held.length === 0) return "no payment is held";
      return held
        .map(
          (h) =>
            `${h.orderNum}  person ${String(h.userId)}  ${h.payMethod}  ordered ${formatAmount(h.applicationAmount)}  paid ${formatAmount(h.receivedAmount)}  ${h.paidAt?.toISOString() ?? ""}`,
        )
        .join("\n");
    }
    case "credit": {
      if (!reference) throw new ReviewError(usage.trimEnd());
      const order = await creditHeld(db, reference);
      return `${order.orderNum}: ${formatAmount(order.receivedAmount ?? 0)} credited to person ${String(order.userId)} (${order.status})`;
    }
    case "refund": {
      if (!reference) throw new ReviewError(usage.trimEnd());
      const secrets = settleSecrets(config);
      const origin = config.trade.publicUrl ?? `http://${config.host}:${String(config.port)}`;
      const providers = paymentProviders(
        config.trade.providers,
        secrets.signingKey,
        () => origin,
        () => new Date(),
      );
      const order = await refundHeld(
        db,
        (channel) => new Map(Object.entries(providers)).get(channel) ?? null,
        reference,
      );
      return `${order.orderNum}: ${formatAmount(order.receivedAmount ?? 0)} refunded to the payer through ${order.provider}`;
    }
    default:
      throw new ReviewError(usage.trimEnd());
  }
}

async function game(db: Db, args: readonly string[]): Promise<string> {
  const [action, provider, transactionId] = args;
  if (action === "held") {
    const held = await heldWins(db);
    if (held.length === 0) return "no win is held";
    return held
      .map(
        (w) =>
          `${w.provider} ${w.transactionId}  person ${String(w.userId)}  ${w.gameCode}  bet ${formatAmount(w.bet)}  claims ${formatAmount(w.claimed)}  ${w.placedAt.toISOString()}`,
      )
      .join("\n");
  }
  if ((action !== "pay" && action !== "refuse") || !provider || !transactionId)
    throw new ReviewError(usage.trimEnd());
  const done = await decideWin(db, provider, transactionId, action === "pay");
  if (!done) throw new ReviewError(`no held win of ${provider} ${transactionId}`);
  return action === "pay" ? `${transactionId}: the held win is paid` : `${transactionId}: settled as lost`;
}

async function main(command: string | undefined, args: readonly string[]): Promise<number> {
  if (
    command !== "migrate" &&
    command !== "reconcile" &&
    command !== "review" &&
    command !== "money" &&
    command !== "game"
  ) {
    process.stderr.write(usage);
    return 2;
  }
  const config = loadConfig();
  // Migrating is what opening does (under the migration lock, decision 0030): once, before a
  // rollout, so the processes that start after find nothing to do.
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    // The server holds the embedded database: review and reconcile go through it instead.
    if (!(error instanceof DataDirHeldError) || (command !== "review" && command !== "reconcile"))
      throw error;
    const code = await viaServer(config, command, args);
    if (code < 0) throw error;
    return code;
  }
  if (command === "migrate") {
    await database.close();
    process.stdout.write(
      `the ${database.kind === "postgres" ? "PostgreSQL" : "embedded"} database is at the newest migration\n`,
    );
    return 0;
  }
  // What a command writes is the operator's doing, this run its "request".
  const operator: Cause = {
    actor: "operator",
    actorId: config.operator ?? (userInfo().username || "operator"),
    requestId: `cli-${randomUUID()}`,
    address: null,
  };
  try {
    if (command === "review") {
      // The acts are recorded in the audit log as the console's are, in their own transactions.
      const who = {
        operatorId: null,
        actor: `cli-${commandUser(config)}`,
        address: null,
        requestId: operator.requestId,
      };
      const deps: ReviewDeps = {
        db: database.db,
        now: () => new Date(),
        record: (tx, record) => writeAudit(tx, who, record, new Date()),
      };
      const text = await withCause(operator, () => review(deps, args));
      process.stdout.write(`${text}\n`);
      return 0;
    }
    if (command === "money") {
      process.stdout.write(`${await withCause(operator, () => money(database.db, config, args))}\n`);
      return 0;
    }
    if (command === "game") {
      process.stdout.write(`${await withCause(operator, () => game(database.db, args))}\n`);
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
    if (error instanceof DataDirHeldError) {
      process.stderr.write(`refused, nothing was changed: ${error.message}\n`);
      process.exitCode = 3;
      return;
    }
    if (isApiError(error)) {
      process.stderr.write(`refused by the server: ${error.msg || error.kind}\n`);
      process.exitCode = 1;
      return;
    }
    if (error instanceof ReviewError || error instanceof HeldPaymentError) {
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
