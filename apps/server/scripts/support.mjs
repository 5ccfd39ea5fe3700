// What the benchmarks share: a database of their own on PostgreSQL, and a signed-in demo account.
import { createConnection } from "node:net";
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
