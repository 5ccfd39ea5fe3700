/**
 * The server's tests in tiers (Step 20): pure logic runs in the unit tier with the other packages'
 * (no server, no database); the fuzz suite is its own; everything else is the integration tier
 * (a real server on PGlite, and on PostgreSQL when it answers).
 */
export const unitFiles = [
  "src/layers.test.ts",
  "src/db/transaction.test.ts",
  "src/db/errors.test.ts",
  "src/providers/payments/http-provider.test.ts",
  "src/security/hashing.test.ts",
  "src/http/time.test.ts",
];

export const fuzzFiles = ["src/fuzz.test.ts"];
