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
            {
              // The lists of the list pages (video cards, the infinite list, its retry state) stay one
              // chunk: the money screens (Step 11) use the list and the retry state without the
              // cards, which would otherwise cut it in two and add a request to /home. Only these
              // modules: what they import stays where it was (not pulled into this chunk).
              name: "lists",
              test: /packages[\\/]ui[\\/]src[\\/](video[\\/](LevelBadge|format|CardParts|VideoCardTitle|VideoCover|VideoGridCard|VideoRowCard|SearchRowCard|VideoCardSkeleton|VideoLists)|primitives[\\/]InfiniteList)\.|apps[\\/]h5[\\/]src[\\/]components[\\/](RetryState|useErrorText)\./,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              // The form rules and the money format they quote ("at least 10.00"): /login reads both,
              // and the money screens and the buy popup read the format; one chunk, not two.
              name: "validation",
              test: /packages[\\/]domain[\\/]src[\\/](validation|money)\./,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              // Two small modules the side panels and the money screens share (the drawers' motion, the
              // permission rules): one chunk, as before Step 11, not two more names in every preload list.
              name: "panels",
              test: /packages[\\/](ui[\\/]src[\\/]primitives[\\/]motion|domain[\\/]src[\\/]permissions)\./,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              // The form fields of the login popup, which the money screens' forms share (the SMS
              // code's countdown): one chunk for /login rather than the countdown split off.
              name: "fields",
              test: /packages[\\/]ui[\\/]src[\\/]primitives[\\/](TextField|CountdownButton)\./,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
