import { loadConfig } from "../src/env";
import type { ServerConfig } from "../src/env";
import { testMediaDir } from "./media";

/**
 * The settings every suite's server starts with (the seed template's too): sandbox parties, the
 * quick seed clips, fast jobs, and budgets raised for 127.0.0.1; `env` overrides them.
 */
export function testConfig(
  dataDir: string,
  databaseUrl: string | null,
  env: Readonly<Record<string, string>> = {},
): ServerConfig {
  return loadConfig({
    PORT: "0",
    DATA_DIR: dataDir,
    SANDBOX: "true",
    LOG_LEVEL: "silent",
    // The quick seed clips, made once by the global setup and shared by every suite.
    MEDIA_DIR: testMediaDir,
    SEED_MEDIA: "quick",
    // Suites read counts right after writing them; the catalogue cache has its own suite.
    CATALOGUE_CACHE_MS: "0",
    // Every suite sends its codes and signs in from 127.0.0.1: the per-address and global SMS
    // budgets and the per-address sign and guest-session rate are raised here; the limits' own
    // suite (modules/auth/abuse.test.ts) starts servers with the defaults or small ones.
    SMS_SEND_PER_ADDRESS: "10000,10000,10000",
    SMS_SEND_GLOBAL: "10000,10000,10000",
    SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR: "10000",
    ANONYMOUS_WRITES_PER_MINUTE: "100000",
    // Background jobs and the payment sandbox move fast in tests; the timings have their own cases.
    JOBS_POLL_MS: "50",
    SANDBOX_SETTLE_DELAY_MS: "100",
    SANDBOX_JITTER_MS: "100",
    EEPAY_REVIEW_SECONDS: "0",
    // scrypt at 2^12 (4 MiB, ≈ 13 ms a hash) instead of 2^15 (≈ 100 ms): a full run hashes about a
    // thousand passwords. The same code runs; auth.test.ts checks the default cost on its own server.
    PASSWORD_HASH_COST: "12",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
}

/** Real (not sandbox) SMS and payment parties' settings, as production must name them. */
export const realParties: Readonly<Record<string, string>> = {
  SMS_GATEWAY_URL: "https://sms.example.com",
  PAY_BANK_URL: "https://bank.example.com",
  PAY_BANK_SECRET: "b",
  PAY_EEPAY_URL: "https://eepay.example.com",
  PAY_EEPAY_SECRET: "e",
  PAY_MERCHANT_URL: "https://merchant.example.com",
  PAY_MERCHANT_SECRET: "m",
};
