import type { FastifyRequest } from "fastify";

/** Minutes east of UTC from the `time-zone` header ("GMT+08:00"); China's +8 when absent. */
export function offsetOf(request: FastifyRequest): number {
  const header = request.headers["time-zone"];
  const match = typeof header === "string" ? /^GMT([+-])(\d{2}):(\d{2})$/.exec(header) : null;
  if (!match) return 480;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** "YYYY-MM-DD HH:mm:ss" in the caller's zone: how every time travels (api-client README). */
export function formatDateTime(date: Date, offsetMinutes: number): string {
  return new Date(date.getTime() + offsetMinutes * 60_000).toISOString().replace("T", " ").slice(0, 19);
}
