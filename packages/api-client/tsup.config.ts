import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", contract: "src/contract/index.ts", admin: "src/admin/index.ts" },
  format: ["esm"],
  platform: "neutral",
  target: "es2022",
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  // jsencrypt stays a separate, dynamically imported dependency; domain, ky and zod are dependencies.
  external: ["jsencrypt", "ky", "zod", "@platform/domain"],
});
