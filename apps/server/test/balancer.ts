import { createServer, request as httpRequest } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";

/**
 * A small balancer that honours readiness, as an orchestrator's would: it asks every backend's
 * `/health/ready` every 100 ms and sends requests round-robin to the ones that answer 200. A backend
 * leaves at once when it answers anything else (a draining process's 503); looks that get no answer
 * within 1 s (a busy machine) take a ready backend out only once it has answered none for 3 s — as
 * an orchestrator's failure threshold does (Kubernetes: 3 probes). A look's answers never replace a
 * later look's (on a busy machine they can arrive out of order). A new
 * connection per request (no kept-alive socket can die under a request), and a request whose
 * connection is refused — it never reached a process — goes to the next ready one, whatever its
 * method. Anything else reaches the client as it is (a 502 when a process broke mid-answer).
 */
export interface Balancer {
  readonly origin: string;
  /** The backends (origins) it may use; readiness decides which it does. */
  setBackends(origins: readonly string[]): void;
  /** The backends that answered ready at the last look. */
  ready(): readonly string[];
  /** Requests answered 502 by the balancer itself (no ready backend, or a broken one). */
  readonly failures: number;
  close(): Promise<void>;
}

/** How long a ready backend may leave every look unanswered before it is taken out. */
const UNANSWERED_OUT_MS = 3000;

export async function startBalancer(): Promise<Balancer> {
  let backends: string[] = [];
  let ready: string[] = [];
  let next = 0;
  let failures = 0;
  /** When each backend last answered a look, whatever it answered. */
  const answered = new Map<string, number>();
  let looks = 0;
  let applied = 0;
  const look = async () => {
    const mine = ++looks;
    const answers = await Promise.all(
      backends.map((origin) =>
        fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
          (r) => {
            answered.set(origin, Date.now());
            return r.ok ? origin : null;
          },
          () =>
            ready.includes(origin) && Date.now() - (answered.get(origin) ?? 0) < UNANSWERED_OUT_MS
              ? origin
              : null,
        ),
      ),
    );
    if (mine < applied) return;
    applied = mine;
    ready = answers.filter((o): o is string => o !== null);
  };
  const timer = setInterval(() => void look(), 100);

  const forward = (origin: string, req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; stream: IncomingMessage }>(
      (resolve, reject) => {
        const target = new URL(req.url ?? "/", origin);
        const out = httpRequest(
          target,
          {
            method: req.method,
            headers: { ...req.headers, host: target.host, connection: "close" },
            agent: false,
          },
          (res) => {
            resolve({ status: res.statusCode ?? 502, headers: res.headers, stream: res });
          },
        );
        out.on("error", reject);
        out.end(body);
      },
    );

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        for (let tries = 0; tries < 20; tries++) {
          const pool = ready;
          const origin = pool.length > 0 ? pool[next++ % pool.length] : undefined;
          if (origin === undefined) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          try {
            const answer = await forward(origin, req, body);
            res.writeHead(answer.status, answer.headers);
            answer.stream.pipe(res);
            return;
          } catch (error) {
            // Refused: the process had closed its port (it never saw the request). Try another.
            if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") continue;
            break;
          }
        }
        failures += 1;
        res.writeHead(502).end();
      })();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    setBackends(origins) {
      backends = [...origins];
      ready = ready.filter((o) => backends.includes(o));
      void look();
    },
    ready: () => ready,
    get failures() {
      return failures;
    },
    close: async () => {
      clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
