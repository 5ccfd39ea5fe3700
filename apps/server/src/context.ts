import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db/database";
import type { ServerConfig } from "./env";
import type { MediaLibrary } from "./media/library";
import type { SmsGateway } from "./providers/sms/gateway";

/** What every module works with; made once at start. */
export interface AppContext {
  readonly db: Db;
  readonly dbKind: "pglite" | "postgres";
  readonly config: ServerConfig;
  /** Settled secrets (from the environment, or generated once and kept in the data folder). */
  readonly secrets: { readonly reqKey: string; readonly clientSecret: string; readonly signingKey: string };
  readonly sms: SmsGateway;
  /** The clips videos play (HLS renditions and covers). */
  readonly media: MediaLibrary;
  readonly log: FastifyBaseLogger;
  /** The clock, replaceable in tests that need time to pass. */
  now(): Date;
}
