import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, startPlatform, startSeeded } from "../../test/harness";
import type { TestPlatform } from "../../test/harness";

const token = "scrape-token-0123456789";

/** One series' value in Prometheus's text format (`name{labels} value`), or null when absent. */
function valueOf(text: string, series: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

eachDatabase("/metrics", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startSeeded(target, { METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await platform.close();
  });
  const scrape = (authorization?: string) =>
    fetch(`${platform.server.origin}/metrics`, authorization ? { headers: { authorization } } : {});

  it("refuses a scraper without the token, in constant form", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer wrong")).status).toBe(401);
    expect((await scrape(`Bearer ${token}x`)).status).toBe(401);
  });

  it("shows requests by route and status with their latency, the queue, the ledger and the process", async () => {
    for (let i = 0; i < 3; i++) await fetch(`${platform.server.origin}/health/live`);
    await fetch(`${platform.server.origin}/api/media/hls/999999999/480p.m3u8`);
    const response = await scrape(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(valueOf(text, 'http_requests_total{method="GET",route="/health/live",status="200"}')).toBe(3);
    // A route's pattern, never the URL with its ids.
    expect(text).not.toContain("999999999");
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/health\/live"\} \d+/,
    );
    expect(valueOf(text, "jobs_queue_collected")).toBe(1);
    // This process's runner, by queue (idle at this moment, but each queue is named).
    for (const queue of ["money", "transcode", "default"])
      expect(valueOf(text, `jobs_running{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
    // The seed's recharges and purchases are in the ledger.
    expect(text).toMatch(/ledger_journals\{kind="[A-Z_]+"\} [1-9]\d*/);
    expect(text).toContain("nodejs_heap_size_used_bytes");
    if (target.name === "postgres")
      expect(valueOf(text, 'db_pool_connections{state="open"}')).toBeGreaterThan(0);
    // Every answer carries its request id, this one too.
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a well-formed X-Request-Id from the caller and makes one for anything else", async () => {
    const idOf = async (given: string) =>
      (
        await fetch(`${platform.server.origin}/health/live`, { headers: { "x-request-id": given } })
      ).headers.get("x-request-id");
    expect(await idOf("trace-7f3a.c0ffee:01")).toBe("trace-7f3a.c0ffee:01");
    for (const bad of ["short", "x".repeat(129), "has space inside", "semi;colon-1234"])
      expect(await idOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});

eachDatabase("/metrics without a token", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(async () => {
    await platform.close();
  });

  it("is off: 404, not the app's page", async () => {
    const response = await fetch(`${platform.server.origin}/metrics`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });
});
