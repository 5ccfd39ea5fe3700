import { linguiVitePlugins } from "@platform/vite-config";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where `pnpm dev` finds the server for /api and media (the server's default port). */
const apiTarget = process.env.H5_API_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [
    // File routes first (it writes src/routeTree.gen.ts), then lingui's macros, then React.
    tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" }),
    ...linguiVitePlugins(),
    react(),
  ],
  resolve: { conditions: ["@platform/source", "module", "browser", "development|production"] },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { "/api": { target: apiTarget } } },
  build: {
    target: "es2022",
    sourcemap: true,
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // TanStack (router, query) and jotai in one chunk: left to itself, rolldown cuts them into
        // as many pieces as there are sharing patterns among the lazy chunks (41 scripts on /home);
        // one piece compresses better and loads in fewer requests (docs/perf.md, Step 9).
        advancedChunks: {
          groups: [
            {
              name: "lib",
              // With them, the tiny shared tables every page reads (the envelope's codes, the ui's
              // presentation values): alone they would each be one more request.
              test: /node_modules[\\/](@tanstack|jotai)|packages[\\/](domain[\\/]src[\\/]codes|ui[\\/]src[\\/]presentation)\./,
              priority: 1,
            },
            {
              // What the route loaders of every page need at start (the home and list queries, the
              // search-param rules): one chunk rather than one request per little module.
              name: "route-data",
              test: /apps[\\/]h5[\\/]src[\\/](features[\\/](home[\\/](queries|search)|videos[\\/]queries)|app[\\/]route-search)\./,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
