/**
 * Operators' accounts (Step 22, decision 0032): a password and a time-based one-time code
 * (RFC 6238 through `otpauth`; the secret sealed at rest), sessions that end after inactivity and
 * at a cap, and a lock after repeated failures. Operators are not app users: an app token is never
 * an operator's, and an operator's token is never an app user's.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { AdminOperator, AdminResponse } from "@platform/api-client/admin";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { operatorSessions, operators } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../security/hashing";
import { Sealer } from "../../security/sealing";
import { cachesPerContext } from "../../cache";

export type OperatorRow = typeof operators.$inferSelect;

/** How long a lock lasts after ADMIN_MAX_FAILURES wrong passwords or codes in a row. */
export const OPERATOR_LOCK_MS = 15 * 60_000;
const PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (a clock a little off, a code typed late). */
const WINDOW = 1;
const ISSUER = "Platform H5 console";

const sealers = cachesPerContext((ctx) => new Sealer(ctx.secrets.signingKey, "operator-totp"));

/** The authenticator's view of a secret (base32). */
export function totpOf(secret: string, login: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: login,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret for an authenticator (160 bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The 30-second step a code was made for, if it is one of the secret's near `now`; else null. */
export function acceptedStep(secret: string, login: string, code: string, now: Date): number | null {
  const delta = totpOf(secret, login).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

export function operatorRecord(row: OperatorRow): AdminOperator {
  return { id: String(row.id), login: row.login, name: row.name, role: row.role as AdminOperator["role"] };
}

/** Create an operator (the seed, an administrator): not enrolled unless a secret is given. */
export async function createOperator(
  ctx: Pick<AppContext, "db" | "secrets"> & { readonly config: { readonly passwordHashCost: number } },
  input: { login: string; name: string; role: AdminOperator["role"]; password: string; totpSecret?: string },
): Promise<OperatorRow> {
  const sealer = new Sealer(ctx.secrets.signingKey, "operator-totp");
  const [row] = await ctx.db
    .insert(operators)
    .values({
      login: input.login.toLowerCase(),
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password, ctx.config.passwordHashCost),
      totpSecret: input.totpSecret === undefined ? null : sealer.seal(input.totpSecret),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await ctx.db
    .select()
    .from(operators)
    .where(eq(operators.login, input.login.toLowerCase()));
  if (!existing) throw new Error(`operator ${input.login} could not be created`);
  return existing;
}

function locked(ctx: AppContext, row: OperatorRow): BusinessError | null {
  if (row.lockedUntil === null || row.lockedUntil <= ctx.now()) return null;
  const minutes = Math.ceil((row.lockedUntil.getTime() - ctx.now().getTime()) / 60_000);
  return new BusinessError(BusinessCode.tooMany, ServerMessage.operatorLocked, { minutes });
}

/** A wrong password or code: counted; at the limit the sign-in locks for 15 minutes. */
async function failed(ctx: AppContext, row: OperatorRow, key: ServerMessage): Promise<never> {
  const [after] = await ctx.db
    .update(operators)
    .set({
      failedAttempts: sql`${operators.failedAttempts} + 1`,
      lockedUntil: sql`CASE WHEN ${operators.failedAttempts} + 1 >= ${ctx.config.console.maxFailures}
        THEN ${new Date(ctx.now().getTime() + OPERATOR_LOCK_MS).toISOString()}::timestamptz ELSE ${operators.lockedUntil} END`,
    })
    .where(eq(operators.id, row.id))
    .returning();
  throw (after && locked(ctx, after)) ?? new BusinessError(BusinessCode.invalid, key);
}

/** A password hash to spend the same time on when no operator has the login (no login probing). */
let decoyHash: Promise<string> | null = null;

/**
 * Sign in: the password, then the code. An operator without an authenticator is given a secret to
 * add (kept pending) and signs in with a code from it, which enrols it. A code is good once.
 */
export async function signIn(
  ctx: AppContext,
  input: { login: string; password: string; code?: string | undefined },
  address: string,
): Promise<AdminResponse<"auth.signIn">> {
  const [row] = await ctx.db.select().from(operators).where(eq(operators.login, input.login.toLowerCase()));
  if (row?.disabledAt !== null) {
    decoyHash ??= hashPassword("decoy", ctx.config.passwordHashCost);
    await verifyPassword(input.password, await decoyHash);
    throw new BusinessError(BusinessCode.invalid, ServerMessage.operatorWrongCredentials);
  }
  const isLocked = locked(ctx, row);
  if (isLocked) throw isLocked;
  if (!(await verifyPassword(input.password, row.passwordHash)))
    return failed(ctx, row, ServerMessage.operatorWrongCredentials);
  const sealer = sealers(ctx);
  const enrolled = row.totpSecret === null ? null : sealer.open(row.totpSecret);
  if (enrolled === null && input.code === undefined) {
    const secret = newTotpSecret();
    await ctx.db
      .update(operators)
      .set({ totpPending: sealer.seal(secret) })
      .where(eq(operators.id, row.id));
    return { status: "enrol", secret, uri: totpOf(secret, row.login).toString() };
  }
  if (input.code === undefined) return { status: "codeNeeded" };
  const secret = enrolled ?? (row.totpPending === null ? null : sealer.open(row.totpPending));
  const step = secret === null ? null : acceptedStep(secret, row.login, input.code, ctx.now());
  if (secret === null || step === null) return failed(ctx, row, ServerMessage.operatorCodeWrong);
  // The step is taken once: a second sign-in with the same code (seen over a shoulder) is refused.
  const [taken] = await ctx.db
    .update(operators)
    .set({
      totpLastStep: step,
      failedAttempts: 0,
      lockedUntil: null,
      ...(enrolled === null ? { totpSecret: sealer.seal(secret), totpPending: null } : {}),
    })
    .where(and(eq(operators.id, row.id), sql`${operators.totpLastStep} < ${step}`))
    .returning({ id: operators.id });
  if (!taken) return failed(ctx, row, ServerMessage.operatorCodeWrong);
  const token = randomToken();
  const now = ctx.now();
  await ctx.db.insert(operatorSessions).values({
    operatorId: row.id,
    tokenHash: sha256(token),
    address,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.console.sessionMs),
  });
  return {
    status: "signedIn",
    token,
    operator: operatorRecord(row),
    idleMinutes: Math.round(ctx.config.console.idleMs / 60_000),
  };
}

export interface SignedInOperator {
  readonly row: OperatorRow;
  readonly sessionId: number;
}

/**
 * The operator of a bearer token, renewing the session's idle clock; null when the token is no
 * operator session that is still open (never signed in, signed out, idle too long, past its cap,
 * or its operator disabled).
 */
export async function operatorOf(ctx: AppContext, token: string): Promise<SignedInOperator | null> {
  const now = ctx.now();
  const idleSince = new Date(now.getTime() - ctx.config.console.idleMs);
  const [found] = await ctx.db
    .update(operatorSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(operatorSessions.tokenHash, sha256(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, idleSince),
      ),
    )
    .returning({ id: operatorSessions.id, operatorId: operatorSessions.operatorId });
  if (!found) return null;
  const [row] = await ctx.db.select().from(operators).where(eq(operators.id, found.operatorId));
  if (row?.disabledAt !== null) return null;
  return { row, sessionId: found.id };
}

export async function signOut(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(operatorSessions).set({ revokedAt: now }).where(eq(operatorSessions.id, sessionId));
}
