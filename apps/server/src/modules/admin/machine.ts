/**
 * The operators' commands beside a running server on the embedded database (decision 0032): the
 * server holds the database, so `review …` and `reconcile` are carried out by the server itself.
 * At start it writes `<DATA_DIR>/console-cli.json` (mode 0600: only its own user reads it) with its
 * address and a secret; the command trades the secret, from the loopback address only, for a
 * console session of an operator named after the machine's user (`cli-<user>`, an administrator
 * with no password anyone knows), so its acts are the console's own — same logic, same audit log.
 */
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { operatorSessions, operators } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { cachesPerContext } from "../../cache";
import { randomToken, sameText, sha256 } from "../../security/hashing";
import { createOperator } from "./operators";

export const COMMAND_LINE_FILE = "console-cli.json";

/** What the file says. */
export interface CommandLineOffer {
  readonly origin: string;
  readonly secret: string;
}

const secrets = cachesPerContext(() => ({ secret: randomToken() }));

/** Write the offer for commands on this machine; answers its removal (on close). */
export function offerCommandLine(ctx: AppContext, dataDir: string, origin: string): () => void {
  const file = join(dataDir, COMMAND_LINE_FILE);
  const offer: CommandLineOffer = { origin, secret: secrets(ctx).secret };
  writeFileSync(file, `${JSON.stringify(offer)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return () => {
    rmSync(file, { force: true });
  };
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** A console session for the command of `user`, when the secret is this process's and the caller local. */
export async function machineSignIn(
  ctx: AppContext,
  body: { readonly secret: string; readonly user: string },
  address: string,
): Promise<{ token: string }> {
  if (!LOOPBACK.has(address) || !sameText(body.secret, secrets(ctx).secret))
    throw new BusinessError(BusinessCode.forbidden, ServerMessage.forbidden);
  const login = `cli-${body.user.toLowerCase()}`;
  const [existing] = await ctx.db.select().from(operators).where(eq(operators.login, login));
  const operator =
    existing ?? (await createOperator(ctx, { login, name: login, role: "admin", password: randomToken() }));
  const token = randomToken();
  const now = ctx.now();
  await ctx.db.insert(operatorSessions).values({
    operatorId: operator.id,
    tokenHash: sha256(token),
    address,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 10 * 60_000),
  });
  return { token };
}
