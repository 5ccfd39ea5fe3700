import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerConfig } from "./env";

export interface Secrets {
  readonly reqKey: string;
  readonly clientSecret: string;
  /** Keys the SMS code hashes and identity-card secrets. */
  readonly signingKey: string;
}

/**
 * The secrets from the environment, or — on a machine without them (development, the demo) — made
 * once and kept in `<dataDir>/secrets.json` (mode 600), so restarts keep sessions and cards valid.
 * Production refuses to start without REQ_KEY and CLIENT_SECRET (env.ts).
 */
export function settleSecrets(config: ServerConfig): Secrets {
  const file = join(config.dataDir, "secrets.json");
  let kept: Partial<Secrets> = {};
  if (existsSync(file)) kept = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  const made: Secrets = {
    reqKey: config.reqKey ?? kept.reqKey ?? randomBytes(32).toString("base64"),
    clientSecret: config.clientSecret ?? kept.clientSecret ?? randomBytes(24).toString("base64url"),
    signingKey: config.signingKey ?? kept.signingKey ?? randomBytes(32).toString("base64url"),
  };
  if (
    made.reqKey !== kept.reqKey ||
    made.clientSecret !== kept.clientSecret ||
    made.signingKey !== kept.signingKey
  ) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600 });
  }
  if (Buffer.from(made.reqKey, "base64").length !== 32) throw new Error("REQ_KEY must be base64 of 32 bytes");
  return made;
}
