// What the app's measuring scripts share (perf.mjs, first-frame.mjs): the production build served by
// the real server on a fresh embedded database in a temporary folder with the demo seed data (quick
// media), a Node sign-in whose stored session a browser can take over, and cleanup on exit or Ctrl-C.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const appDir = fileURLToPath(new URL("..", import.meta.url));
export const repoRoot = join(appDir, "../..");
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Chromium's launch flags: one list for these scripts and the e2e journeys. */
export { chromiumFlags } from "./chromium.mjs";

/** Things to undo, last first, whatever happened (also on Ctrl-C). */
export const cleanups = [];
export async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs `main`, cleans up, and exits 1 when something broke (never for a missed target). */
export async function runScript(name, main) {
  let failed = false;
  try {
    await main();
  } catch (error) {
    failed = true;
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
}

export function run(command, args, cwd) {
  try {
    execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  } catch (error) {
    const { stdout = "", stderr = "" } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    process.stderr.write(`${stdout}${stderr}`);
    throw new Error(`${command} ${args.join(" ")} failed`, { cause: error });
  }
}

/** A temporary folder removed at the end. */
export function temporaryFolder(prefix) {
  if (!existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: run scripts/bootstrap.sh (it installs Debian's chromium)`);
  }
  const temp = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => {
    rmSync(temp, { recursive: true, force: true });
  });
  return temp;
}

/**
 * The app's production build: `turbo run build --filter @platform/server` (cached when up to date)
 * and `vite build` into `temp` (so a concurrent build of apps/h5/dist cannot pull files away
 * mid-run); with `noBuild`, the existing apps/server/dist and apps/h5/dist.
 */
export function prepareDist(temp, noBuild) {
  const dist = join(appDir, "dist");
  if (noBuild) {
    if (!existsSync(join(dist, "index.html"))) throw new Error(`${dist} has no build: drop --no-build`);
    if (!existsSync(join(repoRoot, "apps/server/dist/index.js"))) {
      throw new Error("apps/server/dist is missing: drop --no-build");
    }
    return dist;
  }
  console.log("building the server (turbo) and the app (vite build into a temporary folder)…");
  run(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter", "@platform/server", "--output-logs", "errors-only"],
    repoRoot,
  );
  const built = join(temp, "dist");
  run("pnpm", ["exec", "vite", "build", "--outDir", built, "--emptyOutDir", "--logLevel", "warn"], appDir);
  return built;
}

/**
 * The real server on a fresh embedded database in `temp`, seeded, serving `dist`. `signIn` signs a
 * demo account in from Node and returns what the app keeps in localStorage, as [key, value] pairs.
 */
export async function startDemoServer(temp, dist, env = {}) {
  const { loadConfig, seed, startServer } = await import("@platform/server");
  const {
    PAGE_DATA_PATHS,
    PAGE_SESSION_COOKIE,
    createApiClient,
    encodePageSession,
    memoryStorage,
    pageSessionOfClient,
  } = await import("@platform/api-client");
  const { Language, StorageKey } = await import("@platform/domain");
  const dataDir = join(temp, "data");
  mkdirSync(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    H5_DIST: dist,
    SEED_MEDIA: "quick",
    MEDIA_DIR: join(appDir, ".cache/e2e-media"),
    LOG_LEVEL: "warn",
    ...env,
  });
  const server = await startServer(config, { logger: false });
  cleanups.push(() => server.close());
  await seed(server.ctx, () => undefined);
  const origin = server.origin;

  async function signIn(account) {
    const api = createApiClient({
      clientId: config.clientId,
      clientSecret: server.ctx.secrets.clientSecret,
      reqKey: server.ctx.secrets.reqKey,
      baseUrl: origin,
      minimumResponseMs: 0,
      storage: memoryStorage(),
    });
    await api.loginWithPassword(account);
    // A returning person who reads Chinese, the product's default: the app's language stored, so
    // the page and the cookie's calls speak one language (in another, the page's answers are not
    // used: decision 0038). Left to the browser, the measuring Chromium's English would decide.
    api.client.storage.set(StorageKey.language, Language.zhCN);
    // What the client keeps, under the app's own storage keys.
    const entries = Object.values(StorageKey).flatMap((key) => {
      const value = api.client.storage.get(key);
      return value === null ? [] : [[key, value]];
    });
    for (const key of [StorageKey.accessToken, StorageKey.refreshToken, StorageKey.userInfo]) {
      if (api.client.storage.get(key) === null) throw new Error(`signing in stored no ${key}`);
    }
    // The cookie a returning person's browser carries (the app writes it, decision 0035): with it,
    // /home and /videoview arrive with their first screen's data.
    const session = pageSessionOfClient(api.client);
    const { hostname } = new URL(origin);
    const cookies = PAGE_DATA_PATHS.map((path) => ({
      name: PAGE_SESSION_COOKIE,
      value: encodePageSession(session),
      domain: hostname,
      path,
      sameSite: "Lax",
    }));
    return { api, entries, cookies };
  }
  return { origin, signIn };
}
