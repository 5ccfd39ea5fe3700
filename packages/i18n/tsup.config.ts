import { defineConfig } from "tsup";

export default defineConfig({
  // The app's entry, and the React-free sentences of `@platform/i18n/messages` (the server's).
  entry: ["src/index.ts", "src/messages.ts"],
  format: ["esm"],
  platform: "browser",
  target: "es2022",
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
});
