import { group, orElse, orNull, setting, text, whole } from "./setting";
import type { Read } from "./setting";

/** The app's client, its keys and its sessions. */
export const authSettings = {
  clientId: setting("CLIENT_ID", orElse(text, "h5"), {
    default: "`h5`",
    description: "the H5 app's OAuth client (the `Basic` header of token endpoints)",
  }),
  clientSecret: setting("CLIENT_SECRET", orNull(text), {
    default: "generated once",
    description: "the OAuth client's secret, kept in the data folder when generated",
  }),
  reqKey: setting("REQ_KEY", orNull(text), {
    default: "generated once",
    description: "base64 of 32 bytes: the AES-256-GCM key of the `req` field",
  }),
  signingKey: setting("SIGNING_KEY", orNull(text), {
    default: "generated once",
    description: "keys the SMS-code hashes and identity-card secrets",
  }),
  accessTokenSeconds: setting("ACCESS_TOKEN_SECONDS", orElse(whole(), 2 * 3600), {
    default: "`7200`",
    description: "access token lifetime (then HTTP 401, and the client refreshes)",
  }),
  refreshTokenSeconds: setting("REFRESH_TOKEN_SECONDS", orElse(whole(), 30 * 24 * 3600), {
    default: "`2592000` (30 days)",
    description: "refresh token lifetime",
  }),
  passwordHashCost: setting(
    "PASSWORD_HASH_COST",
    orElse(whole(12, { max: 17, refusal: "must be a whole number from 12 to 17" }), 15),
    {
      default: "`15`",
      description:
        "log2 of scrypt's N for new password hashes (15: 32 MiB, ≈ 0.1 s a hash; 17: OWASP's 128 MiB); a stored hash keeps its own. The tests use 12",
    },
  ),
  sessionCacheMs: setting("SESSION_CACHE_MS", orElse(whole(0), 5000), {
    default: "`5000`",
    description: "how long a process may reuse a session lookup (revocations by this process apply at once)",
  }),
};

export const authGroup = group("Clients, keys and sessions", authSettings);

export interface AuthPart {
  /** The OAuth client of the H5 app (Basic header of token endpoints). */
  readonly clientId: string;
  /** From CLIENT_SECRET, or generated once and kept in the data folder. */
  readonly clientSecret: string | null;
  /** Base64 of 32 bytes, from REQ_KEY, or generated once and kept in the data folder. */
  readonly reqKey: string | null;
  /** Keys SMS-code hashes and identity-card secrets; from SIGNING_KEY, or generated and kept. */
  readonly signingKey: string | null;
  readonly accessTokenSeconds: number;
  readonly refreshTokenSeconds: number;
  /** log2 of scrypt's N for new password hashes; verification reads N from the stored hash. */
  readonly passwordHashCost: number;
  /** How long a process may reuse a session lookup (ms; 0: never). Revocations here apply at once. */
  readonly sessionCacheMs: number;
}

export function authOf(read: Read): AuthPart {
  const s = authSettings;
  return {
    clientId: read(s.clientId),
    clientSecret: read(s.clientSecret),
    reqKey: read(s.reqKey),
    signingKey: read(s.signingKey),
    accessTokenSeconds: read(s.accessTokenSeconds),
    passwordHashCost: read(s.passwordHashCost),
    refreshTokenSeconds: read(s.refreshTokenSeconds),
    sessionCacheMs: read(s.sessionCacheMs),
  };
}
