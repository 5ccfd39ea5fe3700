// The load generator of the buying benchmark, in a process of its own: reads a JSON plan on stdin
// ({ origins, buyers: [{ accessToken }], videos: [id], concurrency }), buys every (buyer, video)
// pair once over keep-alive connections, alternating the server processes, and prints
// { ok, refused, failed, ms, p50, p99 } as JSON. Each buy carries its own Idempotency-Key.
// (Asks with node:http and keep-alive agents: the generator shares the two cores with the servers.)
import { randomUUID } from "node:crypto";
import http from "node:http";

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
const agents = new Map(
  plan.origins.map((origin) => [origin, new http.Agent({ keepAlive: true, maxSockets: plan.concurrency })]),
);
function buy(task) {
  const body = JSON.stringify({ payType: "GOLD", substanceId: String(task.video) });
  const { hostname, port } = new URL(task.origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        agent: agents.get(task.origin),
        headers: {
          authorization: `Bearer ${task.buyer.accessToken}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "idempotency-key": randomUUID(),
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
async function worker() {
  while (next < tasks.length) {
    const task = tasks[next++];
    const started = performance.now();
    try {
      const json = await buy(task);
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
