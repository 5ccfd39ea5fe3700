import { linguiEsbuildPlugin } from "@platform/vite-config";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  platform: "browser",
  target: "es2022",
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  // Split so the player's shaka-player and the QR reader's jsqr stay behind their dynamic imports.
  splitting: true,
  external: ["react", "react-dom", "react/jsx-runtime", "shaka-player", "jsqr"],
  esbuildPlugins: [linguiEsbuildPlugin()],
});
