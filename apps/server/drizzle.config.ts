import { defineConfig } from "drizzle-kit";

// `pnpm -F @platform/server db:generate` writes a new versioned migration from src/db/schema/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
