// The load generator of the buying benchmark, in a process of its own: reads a JSON plan on stdin
// ({ origins, buyers: [{ accessToken }], videos: [id], concurrency }), buys every (buyer, video)
// pair once over keep-alive connections, alternating the server processes, and prints
// { ok, refused, failed, ms, p50, p99 } as JSON. Each buy carries its own Idempotency-Key.
import { randomUUID } from "node:crypto";

const plan = JSON.parse(
  await new Promise((resolve) => {
    let text = "";
    process.stdin.on("data", (chunk) => (text += chunk));
    process.stdin.on("end", () => resolve(text));
  }),
);
const path = "/api/substance/app/substance-online/buy/video/account";
const tasks = [];
plan.buyers.forEach((buyer, b) =>
  plan.videos.forEach((video, v) =>
    tasks.push({ buyer, video, origin: plan.origins[(b + v) % plan.origins.length] }),
  ),
);
// Interleave buyers so that concurrent buys are mostly by different people.
tasks.sort((a, b) => plan.videos.indexOf(a.video) - plan.videos.indexOf(b.video));
let next = 0;
let ok = 0;
let refused = 0;
let failed = 0;
const times = [];
const codes = new Map();
async function worker() {
  while (next < tasks.length) {
    const task = tasks[next++];
    const started = performance.now();
    try {
      const response = await fetch(`${task.origin}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${task.buyer.accessToken}`,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body: JSON.stringify({ payType: "GOLD", substanceId: String(task.video) }),
      });
      const json = await response.json();
      times.push(performance.now() - started);
      if (json.code === 200) ok++;
      else {
        refused++;
        codes.set(json.code, (codes.get(json.code) ?? 0) + 1);
      }
    } catch {
      failed++;
    }
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: plan.concurrency }, worker));
const ms = performance.now() - started;
times.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    ok,
    refused,
    failed,
    codes: Object.fromEntries(codes),
    ms,
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.floor(times.length * 0.99)],
  }),
);
