import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../context";

/**
 * The process's health, for a balancer or an orchestrator (Step 21):
 * - `/health/live` — 200 while the process runs and answers (restart it when this fails);
 * - `/health/ready` — 200 when it should be sent requests: its database and object store answer
 *   within 2 s, a worker runs its jobs, and it is not shutting down; else 503 with the reason
 *   (`shutting down`, `database`, `storage`, `jobs`);
 * - `/health` — the same as ready (the name earlier steps and scripts use);
 * - any other path under `/health/` — 404, never the app's page.
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const ready = async (_request: unknown, reply: FastifyReply) => {
    const base = { database: ctx.dbKind, sandbox: ctx.config.sandbox };
    reply.header("cache-control", "no-store");
    if (ctx.readiness.draining)
      return reply.status(503).send({ status: "unavailable", reason: "shutting down", ...base });
    if (!(await ctx.readiness.database()))
      return reply.status(503).send({ status: "unavailable", reason: "database", ...base });
    if (!(await ctx.readiness.storage()))
      return reply.status(503).send({ status: "unavailable", reason: "storage", ...base });
    if (!ctx.readiness.jobs())
      return reply.status(503).send({ status: "unavailable", reason: "jobs", ...base });
    return reply.send({ status: "ok", ...base });
  };
  app.get("/health", ready);
  app.get("/health/ready", ready);
  app.get("/health/live", async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );
  app.all("/health/*", async (_request, reply) => reply.status(404).send({ status: "not found" }));
}
