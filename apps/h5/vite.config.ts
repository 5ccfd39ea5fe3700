import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { linguiVitePlugins } from "@platform/vite-config";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import type { Plugin, Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import packageJson from "./package.json" with { type: "json" };
import { drawIcon } from "./build/icons";
import { icons, manifestFileName, manifestLocales, webManifest } from "./build/manifest";
import { chunkGroups } from "./build/chunks";
import { precompressed } from "./build/precompress";
import { bootScript, skeletonHtml } from "./src/boot/page";
import type { RoutePreloads } from "./src/boot/page";

/** The shell files the service worker precaches (filled while the bundle is written). */
const shell = new Set<string>(["index.html", "logo.svg"]);
/** The routes whose code is the shell: what a repeat visit to them paints from cache. */
const shellRoutes = ["home", "login", "videoview"];

/**
 * Installation (Step 13): the install icons and the manifests in both languages, written into the
 * build; and the list of shell files (index.html's scripts and styles, both catalogs, the shell
 * routes' chunks) for the service worker to precache. The rest of `/assets/` is cached on first use.
 */
function installable(): Plugin {
  return {
    name: "platform-installable",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const { src, size, maskable } of icons) {
        this.emitFile({ type: "asset", fileName: src.slice(1), source: drawIcon(size, maskable) });
      }
      for (const locale of manifestLocales) {
        const source = JSON.stringify(webManifest(locale));
        this.emitFile({ type: "asset", fileName: manifestFileName(locale), source });
      }
      const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const add = (fileName: string) => {
        const chunk = byName.get(fileName);
        if (shell.has(fileName) || chunk === undefined) return;
        shell.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      const isShellModule = (id: string | null) => {
        const path = (id ?? "").replaceAll("\\", "/");
        return (
          /\/locales\/(zh-CN|en-US)\/messages\.ts$/.test(path) ||
          shellRoutes.some((route) => path.endsWith(`/src/routes/${route}.tsx?tsr-split=component`))
        );
      };
      for (const chunk of chunks)
        if (chunk.isEntry || isShellModule(chunk.facadeModuleId)) add(chunk.fileName);
      for (const { src } of icons) shell.add(src.slice(1));
      for (const locale of manifestLocales) shell.add(manifestFileName(locale));
    },
  };
}

/**
 * The page's first paint without JavaScript (Step 13, decision 0017): the boot script (first in
 * the head, before the config and the styles), the first page's styles written in, and the
 * wordless skeletons inside `#app`. In a build
 * the script preloads the stored language's catalog chunk; the dev server has no chunks to name.
 */
/** A route's screen as the build finds it: the module its lazy chunk starts from, and its words. */
interface RouteScreen {
  /** The path the route declares (`createFileRoute("/trade")`), `/d` for the channel pages. */
  readonly path: string;
  /** How the screen chunk's `facadeModuleId` ends. */
  readonly module: string;
  /** The late catalog its screen loads with it (`@platform/i18n`'s `loadCatalog`), if any. */
  readonly catalog: string | null;
}

const routesDir = fileURLToPath(new URL("./src/routes", import.meta.url));

/**
 * Every route's screen, read from the route files: a feature's screens through its `routing.ts`
 * (`lateScreens(() => import("./screens"), "money")`), or the route's own split component
 * (`?tsr-split=component`, with the catalog its `withCatalog("panel", …)` names).
 */
function routeScreens(dir = routesDir): RouteScreen[] {
  const screens = new Map<string, RouteScreen>();
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".tsx") || file.startsWith("__root")) continue;
    const source = readFileSync(join(dir, file), "utf8");
    const declared = /createFileRoute\("([^"]+)"\)/.exec(source)?.[1];
    if (declared === undefined) throw new Error(`boot page: ${file} declares no route`);
    const path = declared.startsWith("/d/") ? "/d" : declared;
    const feature = /from "\.\.\/features\/([\w-]+)\/routing"/.exec(source)?.[1];
    if (feature !== undefined) {
      const routing = readFileSync(join(dir, `../features/${feature}/routing.ts`), "utf8");
      const lazy = /lateScreens\(\(\) => import\("\.\/([\w-]+)"\),\s*"(\w+)"\)/.exec(routing);
      const [, module, catalog] = lazy ?? [];
      if (module === undefined || catalog === undefined)
        throw new Error(`boot page: features/${feature}/routing.ts names no lateScreens`);
      screens.set(path, { path, module: `/src/features/${feature}/${module}.`, catalog });
    } else {
      const catalog = /withCatalog\("(\w+)"/.exec(source)?.[1] ?? null;
      const module = `/src/routes/${file.replaceAll("\\", "/")}?tsr-split=`;
      if (!screens.has(path)) screens.set(path, { path, module, catalog });
    }
  }
  return [...screens.values()];
}

/**
 * What each route's screen loads beyond index.html's own scripts (its chunk, the chunks and styles
 * that imports, its late catalog in each language), and on /videoview the player's library
 * (shaka), for the boot script to preload once the first frame is painted (Step 23).
 */
function routePreloads(bundle: Rollup.OutputBundle): RoutePreloads {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, into = new Set<string>()) => {
    const chunk = byName.get(fileName);
    if (chunk === undefined || into.has(fileName)) return into;
    into.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const imported of chunk.imports) closure(imported, into);
    return into;
  };
  const facade = (chunk: (typeof chunks)[number]) => (chunk.facadeModuleId ?? "").replaceAll("\\", "/");
  const find = (what: string, test: (id: string) => boolean) => {
    const chunk = chunks.find((candidate) => test(facade(candidate)));
    if (chunk === undefined) throw new Error(`boot page: the build has no ${what} chunk`);
    return chunk.fileName;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (entry === undefined) throw new Error("boot page: the build has no entry chunk");
  const inPage = closure(entry.fileName);
  const beyondPage = (fileName: string) => [...closure(fileName)].filter((file) => !inPage.has(file));
  const shaka = find("shaka-player", (id) => id.includes("/shaka-player/dist/"));
  const lateCatalogs = find("late-catalogs", (id) => id.endsWith("/i18n/src/late-catalogs.ts"));
  const preloads: Record<string, (string | readonly [string, string])[]> = {};
  for (const { path, module, catalog } of routeScreens()) {
    const screen = find(`${path} screen`, (id) => id.includes(module));
    const files: (string | readonly [string, string])[] = beyondPage(screen);
    if (catalog !== null) {
      const words = (locale: string) =>
        find(`${locale} ${catalog} catalog`, (id) => id.endsWith(`/locales/${locale}/${catalog}.ts`));
      files.push(...beyondPage(lateCatalogs), [words("zh-CN"), words("en-US")]);
    }
    if (path === "/videoview") files.push(shaka);
    preloads[path] = files.map((file) =>
      typeof file === "string" ? `/${file}` : [`/${file[0]}`, `/${file[1]}`],
    );
  }
  return preloads;
}

function bootPage(): Plugin {
  return {
    name: "platform-boot-page",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const catalog = (locale: string) => {
          const chunk = Object.values(context.bundle ?? {}).find(
            (output) =>
              output.type === "chunk" &&
              (output.facadeModuleId ?? "").replaceAll("\\", "/").endsWith(`/locales/${locale}/messages.ts`),
          );
          return chunk === undefined ? "" : `/${chunk.fileName}`;
        };
        const zhCN = catalog("zh-CN");
        const enUS = catalog("en-US");
        if (context.bundle !== undefined && (zhCN === "" || enUS === "")) {
          throw new Error("boot page: the build has no zh-CN or en-US messages chunk to preload");
        }
        const script = bootScript(
          { zhCN, enUS },
          { zhCN: `/${manifestFileName("zh-CN")}`, enUS: `/${manifestFileName("en-US")}` },
          context.bundle === undefined ? {} : routePreloads(context.bundle),
        );
        const withScript = html.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    <script>${script}</script>`);
        const withSkeleton = withScript.replace(
          '<div id="app"></div>',
          `<div id="app">${skeletonHtml}</div>`,
        );
        // The first page's styles are written in (no render-blocking request before the first paint).
        // A disabled link stays for each: not fetched, but Vite's loader finds the file "loaded"
        // when a lazy chunk lists it, and does not add it a second time after later styles.
        const page = withSkeleton.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== "asset") return tag;
            const css =
              typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.trim()}</style><link rel="stylesheet" crossorigin href="/${fileName}" disabled>`;
          },
        );
        if (!page.includes(script) || !page.includes(skeletonHtml)) {
          throw new Error("boot page: index.html has no charset meta or no empty #app to fill");
        }
        return page;
      },
    },
  };
}

/** The short commit being built, or "" where git (or the repository) is absent. */
function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "";
  }
}

/** Where `pnpm dev` finds the server for /api and media (the server's default port). */
const apiTarget = process.env.H5_API_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  // The app's version and build for /mysettings (features/settings/appVersion.ts): package.json's
  // version, the short git commit ("" without git) and the build date.
  define: {
    "import.meta.env.VITE_APP_VERSION": JSON.stringify(packageJson.version),
    "import.meta.env.VITE_APP_COMMIT": JSON.stringify(gitCommit()),
    "import.meta.env.VITE_APP_BUILT": JSON.stringify(new Date().toISOString().slice(0, 10)),
  },
  plugins: [
    // File routes first (it writes src/routeTree.gen.ts), then lingui's macros, then React.
    tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" }),
    ...linguiVitePlugins(),
    react(),
    bootPage(),
    installable(),
    // The service worker (Workbox through vite-plugin-pwa; decision 0017): precaches the shell,
    // serves every navigation the shell (a repeat visit paints from cache; offline, the app starts
    // and shows its offline screen), caches other hashed assets on first use, and never touches
    // the API or media (no route for them: they go to the network as if there were no worker). A
    // new build's worker takes over at once and its precache replaces the old one, so an update is
    // on screen from the next visit. The app registers it after load (src/app/service-worker.ts).
    VitePWA({
      injectRegister: false,
      registerType: "autoUpdate",
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        globIgnores: ["**/*.map", "sw.js", "workbox-*.js"],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => shell.has(entry.url.replace(/^\//, ""))),
            warnings: [],
          }),
        ],
        navigateFallback: "index.html",
        // /home and /videoview come from the network, with their first screen's data written in
        // (decision 0035); offline, from the shell like any other page.
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//, /^\/health$/, /^\/(home|videoview)\/?(\?|$)/],
        runtimeCaching: [
          {
            urlPattern: ({ request, url, sameOrigin }) =>
              sameOrigin && request.mode === "navigate" && /^\/(home|videoview)\/?$/.test(url.pathname),
            handler: "NetworkOnly",
            options: { precacheFallback: { fallbackURL: "index.html" } },
          },
          {
            // Hashed file names never change content: cached on first use, at most 300 of them.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
            handler: "CacheFirst",
            options: { cacheName: "assets", expiration: { maxEntries: 300 } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // Last: the brotli and gzip copies of what every plugin above wrote (decision 0039).
    precompressed(),
  ],
  resolve: { conditions: ["@platform/source", "module", "browser", "development|production"] },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { "/api": { target: apiTarget } } },
  build: {
    target: "es2022",
    sourcemap: true,
    outDir: "dist",
    // dist/.vite/manifest.json: what each route loads, for the size budget (scripts/size.mjs).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Which modules go together (build/chunks.ts): what the first loads share, in a few files.
        advancedChunks: { groups: chunkGroups },
      },
    },
  },
});
