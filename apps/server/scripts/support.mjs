// What the benchmarks share: a database of their own on PostgreSQL, and a signed-in demo account.
import { execFile } from "node:child_process";
import { createConnection } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createApiClient, memoryStorage } from "@platform/api-client";
import { demoAccounts } from "../dist/index.js";

/** The PostgreSQL server the benchmarks make their databases on. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether something listens at the URL's host and port. */
export function reachable(url = adminUrl) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

export async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database (`prefix_<time>`): its URL, and `drop` to remove it (connections and all). */
export async function freshDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** The first demo account signed in on a running server; the headers a browser's call would send. */
export async function signedInHeaders(server, config) {
  const api = createApiClient({
    baseUrl: server.origin,
    clientId: config.clientId,
    clientSecret: server.ctx.secrets.clientSecret,
    reqKey: server.ctx.secrets.reqKey,
    storage: memoryStorage(),
    minimumResponseMs: 0,
  });
  const account = demoAccounts[0];
  await api.loginWithPassword({ phone: account.mobile, password: account.password });
  return {
    api,
    headers: {
      authorization: `Bearer ${api.client.accessToken}`,
      "content-type": "application/json",
      "accept-encoding": "gzip, deflate, br",
    },
  };
}

const autocannonBin = fileURLToPath(new URL("../node_modules/.bin/autocannon", import.meta.url));

/**
 * autocannon in a process of its own (its CLI, JSON out), so the load generator does not share the
 * server's event loop: requests/s, p50 and p99 (ms), and answers that were not 2xx or failed.
 */
export function autocannon(url, { connections, seconds, method, headers = {}, body }) {
  const args = [
    ...["-c", String(connections), "-d", String(seconds), "-j"],
    ...(method ? ["-m", method] : []),
    ...Object.entries(headers).flatMap(([key, value]) => ["-H", `${key}=${value}`]),
    ...(body ? ["-b", body] : []),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(autocannonBin, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout);
      const bad = result.non2xx + result.errors + result.timeouts;
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bad,
        total: result.requests.total,
      });
    });
  });
}
