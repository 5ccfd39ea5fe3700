import { createDecipheriv, generateKeyPairSync, privateDecrypt, constants, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server for the client's tests: it decrypts `req` and passwords with node:crypto
 * exactly as the platform server does, records every request, and answers through handlers the
 * test sets per path.
 */

export const REQ_KEY = randomBytes(32).toString("base64");
export const CLIENT_ID = "h5";
export const CLIENT_SECRET = "h5-test-secret";

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage["headers"];
  readonly body: unknown;
  readonly rawBody: Buffer;
  readonly arrivedAt: number;
  /** Set when the client went away before the answer (aborted). */
  closedEarly: boolean;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export function openReq(req: string): Record<string, unknown> {
  const bytes = Buffer.from(req, "base64");
  const iv = bytes.subarray(0, 12);
  const tag = bytes.subarray(bytes.length - 16);
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(REQ_KEY, "base64"), iv);
  decipher.setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
  return JSON.parse(plain.toString("utf8")) as Record<string, unknown>;
}

export const rsa = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

export function decryptPassword(ciphertext: string): string {
  return privateDecrypt(
    { key: rsa.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(ciphertext, "base64"),
  ).toString("utf8");
}

export function ok(res: ServerResponse, data: unknown = null, status = 200): void {
  reply(res, status, { code: 200, msg: "success", data });
}

export function reply(res: ServerResponse, status: number, body: unknown, statusText?: string): void {
  if (res.destroyed) return;
  res.statusCode = status;
  if (statusText) res.statusMessage = statusText;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

/** What every test client of this server is made with: its address, client, key, and no floor. */
export function clientOptions(server: { readonly origin: string }) {
  return {
    baseUrl: server.origin,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    reqKey: REQ_KEY,
    minimumResponseMs: 0,
  };
}

export interface TestServer {
  readonly origin: string;
  readonly requests: Recorded[];
  on(path: string, handler: Handler): void;
  /** Requests to one path (under /api). */
  to(path: string): Recorded[];
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const handlers = new Map<string, Handler>();
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const rawBody = Buffer.concat(chunks);
      let body: unknown = null;
      if ((req.headers["content-type"] ?? "").includes("json") && rawBody.length > 0) {
        body = JSON.parse(rawBody.toString("utf8"));
      }
      const recorded: Recorded = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        rawBody,
        arrivedAt: Date.now(),
        closedEarly: false,
      };
      res.on("close", () => {
        if (!res.writableFinished) recorded.closedEarly = true;
      });
      requests.push(recorded);
      const handler = handlers.get(url.pathname);
      if (!handler) {
        reply(res, 404, { code: 404, msg: `no handler for ${url.pathname}`, data: null });
        return;
      }
      void Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        reply(res, 500, { code: 500, msg: String(error), data: null });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    on: (path, handler) => handlers.set(`/api${path}`, handler),
    to: (path) => requests.filter((r) => r.path === `/api${path}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
