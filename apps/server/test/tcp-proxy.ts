import { connect, createServer } from "node:net";
import type { Server, Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a test can cut and restore: `cut()` refuses new
 * connections and drops the open ones, as a database restart or a network fault does to a server
 * process; `restore()` lets them through again. Only this proxy's connections are touched, so the
 * shared PostgreSQL other suites use goes on undisturbed.
 */
export interface TcpProxy {
  /** The database URL through the proxy. */
  readonly url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const next = createServer((inbound) => {
        const outbound = connect(Number(target.port || 5432), target.hostname);
        sockets.add(inbound).add(outbound);
        const drop = () => {
          inbound.destroy();
          outbound.destroy();
          sockets.delete(inbound);
          sockets.delete(outbound);
        };
        inbound.on("error", drop).on("close", drop);
        outbound.on("error", drop).on("close", drop);
        inbound.pipe(outbound).pipe(inbound);
      });
      next.listen(port, "127.0.0.1", () => {
        const address = next.address();
        port = typeof address === "object" && address ? address.port : 0;
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (server === null) {
        resolve();
        return;
      }
      server.close(() => {
        resolve();
      });
      server = null;
    });
  await listen();
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return { url: url.toString(), cut: stop, restore: listen, close: stop };
}
