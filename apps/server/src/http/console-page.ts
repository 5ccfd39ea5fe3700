/**
 * The operators' console's page (Step 22): the built `apps/admin` at `/admin/`, with a policy of
 * its own — no inline script or style, pictures also from `data:` (the enrolment's QR code), and
 * never framed. Its hashed assets are cached for good; its page and any console route (the app's
 * routes are client-side) is asked for every time.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { CspSettings } from "./security-headers";

export function consolePolicy(settings: CspSettings): string {
  return [
    ["default-src", "'self'"],
    ["script-src", "'self'"],
    ["style-src", "'self'"],
    ["img-src", "'self'", "data:", "blob:", ...settings.imgSrc],
    ["media-src", "'self'", "blob:", ...settings.mediaSrc],
    ["connect-src", "'self'", ...settings.connectSrc],
    ["frame-src", "'none'"],
    ["worker-src", "'self'", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ...(settings.reportUri === null ? [] : [["report-uri", settings.reportUri]]),
  ]
    .map((directive) => directive.join(" "))
    .join("; ");
}

/** Serve the console when it was built; answers whether it was. */
export async function consoleRoutes(
  app: FastifyInstance,
  dist: string,
  settings: CspSettings,
): Promise<boolean> {
  const index = join(dist, "index.html");
  if (!existsSync(index)) return false;
  const page = readFileSync(index, "utf8");
  const policy = consolePolicy(settings);
  const { default: fastifyStatic } = await import("@fastify/static");
  await app.register(fastifyStatic, {
    root: join(dist, "assets"),
    prefix: "/admin/assets/",
    wildcard: false,
    decorateReply: false,
    setHeaders: (response) => {
      response.header("cache-control", "public, max-age=31536000, immutable");
      response.header("content-security-policy", policy);
    },
  });
  const sendPage = (_request: unknown, reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", policy)
      .header("x-robots-tag", "noindex")
      .send(page);
  app.get("/admin", (_request, reply) => reply.redirect("/admin/", 301));
  app.get("/admin/", sendPage);
  // The console's own routes (client-side); a missing asset is a 404 from the route above.
  app.get("/admin/*", (request, reply) => {
    if (!request.url.startsWith("/admin/assets/")) return sendPage(request, reply);
    reply.callNotFound();
    return reply;
  });
  return true;
}
