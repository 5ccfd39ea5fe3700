/** The PostgreSQL server the integration suites may use (set by the README's test command). */
export const testDatabaseUrl: string | null = process.env.TEST_DATABASE_URL || null;

/** The Redis the shared-limit suites use when it answers (the machines run one at :6379). */
export const testRedisUrl: string = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** The fuzz suite's seed (FUZZ_SEED, to replay a run; random otherwise) and cases per endpoint. */
export const fuzzSettings: { readonly seed: string | null; readonly perEndpoint: string | null } = {
  seed: process.env.FUZZ_SEED || null,
  perEndpoint: process.env.FUZZ_PER_ENDPOINT || null,
};
