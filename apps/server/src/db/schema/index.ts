/**
 * The platform's tables (one schema for PGlite and PostgreSQL). Ids are bigserial and travel as
 * text; times are timestamptz; money is bigint hundredths (from Step 4). Secrets are never stored:
 * tokens, sign values, SMS codes and card secrets are kept as SHA-256 hashes, passwords as scrypt.
 */
export * from "./accounts";
export * from "./app";
export * from "./uploads";
export * from "./videos";
export * from "./lengths";
export * from "./money";
export * from "./trade";
export * from "./jobs";
export * from "./sandbox";
export * from "./membership";
export * from "./game";
export * from "./live";
export * from "./operators";
