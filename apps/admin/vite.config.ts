import { linguiVitePlugins } from "@platform/vite-config";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where `pnpm dev` finds the server for /api (the server's default port). */
const apiTarget = process.env.ADMIN_API_TARGET ?? "http://127.0.0.1:8080";

/**
 * The operators' console, served by the server at /admin (its own page and CSP: apps/server's
 * http/console-page.ts). Desktop-first; its routes are split by area.
 */
export default defineConfig({
  base: "/admin/",
  plugins: [...linguiVitePlugins(), react()],
  resolve: { conditions: ["@platform/source", "module", "browser", "development|production"] },
  server: { port: 5174, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: {
    target: "es2022",
    sourcemap: true,
    outDir: "dist",
    manifest: true,
    emptyOutDir: true,
  },
});
