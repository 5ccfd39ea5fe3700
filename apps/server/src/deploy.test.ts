import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validate } from "dockerfile-utils";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyEmptyDatabase } from "../test/template";
import { parse } from "yaml";
import { realParties } from "../test/config";
import { embedded, signIn, startSeeded } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { urisOf } from "../test/media";
import { MIGRATE_COMMAND, SERVER_COMMAND, freePort } from "../test/processes";
import { eq } from "drizzle-orm";
import { videos } from "./db/schema";
import { loadConfig } from "./env";
import { demoAccounts } from "./seed";

/**
 * The deployment's files are not untested text (issue 39): the Dockerfile passes a linter from npm
 * and holds the rules the operations guide gives; every process of compose.yaml runs a command the
 * multi-process tests run, with settings the server accepts; nginx.conf passes `nginx -t` and
 * serves through real processes (spreading, caching signed segments, a request id end to end).
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("the Dockerfile", () => {
  const text = read("Dockerfile");
  const lines = text.split("\n").filter((l) => !l.startsWith("#") && l.trim() !== "");
  const instructions = lines.filter((l) => /^[A-Z]+\s/.test(l));

  it("passes dockerfile-utils' validator with nothing to say", () => {
    expect(
      validate(text).map((d) => `${String(d.range.start.line + 1)}: ${JSON.stringify(d.message)}`),
    ).toEqual([]);
  });

  it("builds in one stage and runs in another, as a user that is not root, Node under an init", () => {
    expect(instructions.filter((l) => l.startsWith("FROM "))).toHaveLength(2);
    const runStage = instructions.slice(instructions.findLastIndex((l) => l.startsWith("FROM ")));
    expect(runStage.find((l) => l.startsWith("USER "))).toBe("USER node");
    expect(runStage.at(-2)).toBe('ENTRYPOINT ["/usr/bin/tini", "--"]');
    expect(runStage.at(-1)).toBe(`CMD ${JSON.stringify(SERVER_COMMAND).replace(/,/g, ", ")}`);
    expect(text).toContain("pnpm install --frozen-lockfile");
  });
});

/** `${NAME:?message}` and `${NAME}` of compose's interpolation, with a value for each. */
function interpolate(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === "string")
    return value.replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_, name: string) => values[name] ?? "");
  if (Array.isArray(value)) return value.map((v) => interpolate(v, values));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, values)]));
  return value;
}

describe("compose.yaml", () => {
  interface Service {
    command?: string[];
    environment?: Record<string, string>;
    image?: string;
  }
  const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
  const secrets = {
    POSTGRES_PASSWORD: "pw",
    PUBLIC_URL: "https://h5.example.com",
    REQ_KEY: Buffer.alloc(32, 7).toString("base64"),
    CLIENT_SECRET: "client-secret",
    SIGNING_KEY: "signing-key",
    METRICS_TOKEN: "a-metrics-token-of-16+",
    S3_PUBLIC_ENDPOINT: "https://objects.example.com",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
    ...realParties,
  };
  const services = interpolate(compose.services, secrets) as Record<string, Service>;
  const ours = Object.entries(services).filter(([, s]) => s.image === "platform-h5:latest");

  it("runs two web processes, a worker, an ingest and the migration beside the data services and nginx", () => {
    expect(Object.keys(services).sort()).toEqual(
      ["ingest", "migrate", "nginx", "postgres", "redis", "s3", "web1", "web2", "worker"].sort(),
    );
    expect(Object.fromEntries(ours.map(([name, s]) => [name, s.environment?.ROLE ?? null]))).toEqual({
      migrate: null,
      web1: "web",
      web2: "web",
      worker: "worker",
      ingest: "ingest",
    });
  });

  it("starts each process with a command the tests run, and settings the server accepts", () => {
    for (const [name, service] of ours) {
      expect([SERVER_COMMAND, MIGRATE_COMMAND].map((c) => c.join(" "))).toContain(service.command?.join(" "));
      // The refusal of several processes without shared settings passes: nothing is missing.
      const config = loadConfig(service.environment ?? {});
      expect(config.production, name).toBe(true);
      expect(config.storage.s3?.bucket, name).toBe("platform");
      expect(config.redisUrl, name).toBe("redis://redis:6379");
    }
    // Without a secret, compose itself refuses (`${X:?…}`), and so would the server.
    const { REQ_KEY: _, ...without } = services.web1?.environment ?? {};
    expect(() => loadConfig(without)).toThrow(/REQ_KEY/);
  });
});

describe("pnpm -F @platform/server start", () => {
  it("passes SIGTERM on: the server turns unready, drains and exits, not orphaned", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pnpm-start-"));
    copyEmptyDatabase(inject("seedTemplate"), dataDir);
    const port = await freePort();
    const pnpm = spawn("pnpm", ["-F", "@platform/server", "start"], {
      cwd: root,
      env: {
        PATH: `/usr/local/bin:/usr/bin:/bin`,
        HOME: tmpdir(),
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED: "false",
        LOG_LEVEL: "silent",
        SHUTDOWN_DRAIN_MS: "300",
        MEDIA_DIR: join(dataDir, "media"),
      },
      stdio: "ignore",
    });
    const origin = `http://127.0.0.1:${String(port)}`;
    try {
      let ready = 0;
      for (let i = 0; i < 300 && ready !== 200; i++) {
        ready = await fetch(`${origin}/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
        if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(200);
      pnpm.kill("SIGTERM");
      // The server itself gets it (pnpm's child is Node, by exec): unready within moments (pnpm
      // passes the signal on asynchronously), then gone. With the old script it stayed 200.
      let draining = 200;
      for (let i = 0; i < 50 && draining === 200; i++) {
        draining = await fetch(`${origin}/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
        if (draining === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect([503, 0]).toContain(draining);
      let gone = false;
      for (let i = 0; i < 100 && !gone; i++) {
        gone = await fetch(`${origin}/health/live`).then(
          () => false,
          () => true,
        );
        if (!gone) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(gone).toBe(true);
    } finally {
      pnpm.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("nginx in front (deploy/nginx.conf)", () => {
  let platform: TestPlatform;
  let nginx: ChildProcess | null = null;
  let front = "";
  const dir = mkdtempSync(join(tmpdir(), "nginx-"));

  /** The guide's nginx.conf, pointed at this test's processes and folders. */
  function configFor(web: readonly string[], port: number): string {
    const conf = read("deploy/nginx.conf")
      .replace("server web1:8080", `server ${web[0] ?? ""}`)
      .replace("server web2:8080", `server ${web[1] ?? ""}`)
      .replace("/var/cache/nginx/hls", join(dir, "cache"))
      .replace("listen 80;", `listen 127.0.0.1:${String(port)};`)
      .replace(
        "worker_processes auto;",
        `worker_processes 1;\npid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "error.log")};`,
      )
      .replace(
        "http {",
        `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`,
      );
    const file = join(dir, "nginx.conf");
    writeFileSync(file, conf);
    return file;
  }

  beforeAll(async () => {
    platform = await startSeeded(embedded);
    const upstream = new URL(platform.server.origin).host;
    const port = await freePort();
    mkdirSync(join(dir, "cache"), { recursive: true });
    // nginx's workers drop root for nobody: they must be able to write the cache and its temp files.
    chmodSync(dir, 0o777);
    chmodSync(join(dir, "cache"), 0o777);
    const file = configFor([upstream, upstream], port);
    const checked = spawnSync("nginx", ["-t", "-p", dir, "-c", file], { encoding: "utf8" });
    expect(checked.stderr).toContain("syntax is ok");
    expect(checked.status).toBe(0);
    nginx = spawn("nginx", ["-p", dir, "-c", file, "-g", "daemon off;"], { stdio: "ignore" });
    front = `http://127.0.0.1:${String(port)}`;
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${front}/api/h5/config.js`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);
  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the app and the API, keeps health and metrics inside, and passes its request id on", async () => {
    const page = await fetch(`${front}/api/h5/config.js`);
    expect(page.status).toBe(200);
    // nginx's $request_id (32 hex digits) is the server's id for the request, returned to the client.
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${front}/health/ready`)).status).toBe(404);
    expect((await fetch(`${front}/metrics`)).status).toBe(404);
  });

  it("caches a signed segment by its whole URL, and never serves a URL it was not given", async () => {
    const { api } = await signIn(platform, demoAccounts[0]);
    const [free] = await platform.server.ctx.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.watchLevel, "FREE"))
      .limit(1);
    const detail = await api.substance.getInfoById({ id: String(free?.id) });
    const playlist = await fetch(
      `${front}${api.mediaUrl(detail.multiResolutionList[0]?.videoPlayUrl ?? "")}`,
    );
    expect(playlist.status).toBe(200);
    const segment = urisOf(await playlist.text())[1] ?? "";
    const url = new URL(segment, front);
    const first = await fetch(url);
    const second = await fetch(url);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    // The same file with a forged signature is the server's 403, not the cached copy.
    const forged = new URL(url);
    forged.searchParams.set("sig", "x".repeat(url.searchParams.get("sig")?.length ?? 8));
    const refused = await fetch(forged);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-cache")).toBe("MISS");
  });
});
