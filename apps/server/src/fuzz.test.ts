import { endpoints } from "@platform/api-client/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Rng, pool, requestText, send, visible } from "../test/fuzz";
import type { Answer, Probe } from "../test/fuzz";
import { plan } from "../test/fuzz-plan";
import {
  destructive,
  differences,
  fuzzSeed,
  one,
  prepare,
  profileColumns,
  snapshot,
} from "../test/fuzz-setup";
import type { Fixtures, Snapshot } from "../test/fuzz-setup";
import { eachDatabase, rowsOf, startSeeded } from "../test/harness";
import type { TestPlatform, signIn } from "../test/harness";

/**
 * Step 8's fuzz suite: thousands of generated bad requests to every served endpoint (the contract's
 * table, so a new call joins by itself, plus the server's own routes), signed in and anonymous.
 * None may answer a 5xx or a business 500, the server must stay healthy, and no balance, purchase or
 * profile may change. FUZZ_SEED=<n> replays a run; FUZZ_PER_ENDPOINT=<n> tries more per endpoint.
 */

const CONCURRENCY = 8;

interface Result {
  readonly probe: Probe;
  readonly answer: Answer;
}

function count<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return new Map([...out.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

function table(counts: Map<string, number>): string {
  return [...counts.entries()].map(([key, n]) => `  ${key.padEnd(52)} ${String(n).padStart(6)}`).join("\n");
}

const isFailure = (r: Result) =>
  r.answer.status >= 500 || r.answer.code === 500 || r.answer.error !== undefined;

/** The answer, the request and its mutation on a few lines (tokens hidden). */
function report(r: Result, token: string): string {
  const answer = r.answer.error
    ? `no answer (${r.answer.error})`
    : `${String(r.answer.status)} ${r.answer.text.slice(0, 200)}`;
  const text = `${r.probe.endpoint} | ${r.probe.kind}: ${r.probe.detail} | ${r.probe.auth} → ${answer}\n    ${requestText(r.probe)}`;
  return text.split(token).join("<token>");
}

const answerOf = (r: Result) =>
  r.answer.error ? "no answer" : `HTTP ${String(r.answer.status)} code ${String(r.answer.code)}`;

eachDatabase("fuzzing every served endpoint", (target) => {
  let platform: TestPlatform;
  let fixtures: Fixtures;
  let api: Awaited<ReturnType<typeof signIn>>["api"];
  let before: Snapshot;
  let trackingBefore = 0;
  const results: Result[] = [];
  /** Profile calls after which the account's profile was not what it was. */
  const profileWrites: string[] = [];

  beforeAll(async () => {
    platform = await startSeeded(target, {
      // Thousands of sends from one address and phone: the budgets' own suites test the limits.
      SMS_SENDS_PER_PHONE_PER_DAY: "100000",
      SMS_WRONG_CODES_PER_PHONE_PER_DAY: "100000",
      UPLOAD_MAX_PENDING: "100000",
    });
    ({ fixtures, api } = await prepare(platform));
    before = await snapshot(platform);
    trackingBefore = (await one<{ n: number }>(platform, "select count(*)::int as n from tracking_events")).n;
  });
  afterAll(async () => {
    await platform.close();
  });

  it(`thousands of bad requests: no 5xx, no business 500 (FUZZ_SEED=${String(fuzzSeed)})`, async () => {
    const origin = platform.server.origin;
    const rng = new Rng(fuzzSeed);
    const started = Date.now();
    const planned = plan(platform, rng, fixtures);
    const { cases, profileEndpoints, served, unserved, invalidBaselines, skippedValid } = planned;
    const built = await Promise.all(cases.flatMap((c) => c.auths.map((auth) => c.build(auth))));
    const probes = built.filter((p): p is Probe => p !== null);
    const restorers = (await Promise.all(planned.restorers.map((c) => c.build("user")))).filter(
      (p): p is Probe => p !== null,
    );
    const watched = (p: Probe) => p.auth === "user" && profileEndpoints.has(p.endpoint);
    const together = rng.shuffle(probes.filter((p) => !watched(p)));
    // Logging off last: if a bad request did end the account, the rest still ran signed in.
    const oneByOne = rng.shuffle(probes.filter(watched)).sort((a, b) => {
      const last = (p: Probe) => (destructive.has(p.endpoint) ? 1 : 0);
      return last(a) - last(b);
    });
    const contract = served.filter((s) => !s.includes(" ")).length;
    console.log(
      [
        `[fuzz ${target.name}] FUZZ_SEED=${String(fuzzSeed)} — ${String(probes.length)} requests: ${String(together.length)} ${String(CONCURRENCY)} at a time, then ${String(oneByOne.length)} to the profile calls one at a time`,
        `  served: ${String(contract)} of ${String(Object.keys(endpoints).length)} contract endpoints + ${String(served.length - contract)} of the server's own routes`,
        `  not served, skipped: ${String(unserved.length)}${unserved.length > 0 ? ` (${unserved.join(", ")})` : ""}`,
        invalidBaselines.length > 0
          ? `  baselines the contract refuses (still fuzzed): ${invalidBaselines.join(", ")}`
          : "",
        skippedValid.count > 0
          ? `  valid requests not sent to destructive calls: ${String(skippedValid.count)}`
          : "",
      ]
        .filter((line) => line !== "")
        .join("\n"),
    );

    const answers = await pool(together, CONCURRENCY, (probe) => send(origin, probe));
    results.push(...together.map((probe, i) => ({ probe, answer: answers[i]! })));

    // One at a time, so a profile that changes names the request that changed it; then put it back.
    type Row = Record<string, unknown>;
    const original = before.profiles.find((row) => String((row as Row).id) === fixtures.userId) as Row;
    const changedColumns = async () => {
      const [now = {}] = await rowsOf<Row>(
        platform,
        `select ${profileColumns} from users where id = ${fixtures.userId}`,
      );
      return Object.keys(original)
        .filter((column) => JSON.stringify(original[column]) !== JSON.stringify(now[column]))
        .map((column) => `${column} ${visible(original[column])} → ${visible(now[column])}`);
    };
    for (const probe of oneByOne) {
      const result = { probe, answer: await send(origin, probe) };
      results.push(result);
      const changed = await changedColumns();
      if (changed.length === 0) continue;
      profileWrites.push(`${report(result, fixtures.token)}\n    profile changed: ${changed.join(", ")}`);
      for (const restorer of restorers) await send(origin, restorer);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const failures = results.filter(isFailure);
    const groups = count(failures, (r) => `${r.probe.endpoint} | ${r.probe.kind} | ${answerOf(r)}`);
    console.log(
      [
        `[fuzz ${target.name}] ${String(results.length)} requests in ${seconds} s, ${String(failures.length)} failures`,
        "by endpoint:",
        table(count(results, (r) => r.probe.endpoint)),
        "by mutation kind:",
        table(count(results, (r) => r.probe.kind)),
        "by answer:",
        table(count(results, answerOf)),
        ...(failures.length > 0
          ? [
              "failures:",
              ...failures.map((r) => report(r, fixtures.token)),
              "failures grouped (endpoint | kind | answer):",
              table(groups),
            ]
          : []),
      ].join("\n"),
    );
    expect(
      failures.length,
      `${String(failures.length)} requests failed (FUZZ_SEED=${String(fuzzSeed)}):\n${table(groups)}`,
    ).toBe(0);
  }, 600_000);

  it("the server is healthy afterwards", async () => {
    const health = await fetch(`${platform.server.origin}/health`);
    expect(health.status).toBe(200);
    const me = await api.user.queryInfo();
    expect(me.userId).toBe(fixtures.userId);
    await expect(api.trade.accountDetail()).resolves.toBeInstanceOf(Array);
  });

  it("balances, purchases and profiles are unchanged", async () => {
    const changed = differences(before, await snapshot(platform));
    if (profileWrites.length > 0 || changed.length > 0) {
      console.log(
        [
          `[fuzz ${target.name}] requests after which the profile had changed (then put back):`,
          ...profileWrites,
          "rows that differ from before the fuzzing:",
          ...changed,
        ].join("\n"),
      );
    }
    expect([...profileWrites, ...changed]).toEqual([]);
  });

  it("every tracking event that was accepted was stored", async () => {
    const accepted = results.filter(
      (r) => r.probe.endpoint === "tracking.reportNew" && r.answer.code === 200,
    );
    // Events are written in batches every second: wait for the last one.
    let stored = 0;
    for (let i = 0; i < 30; i++) {
      stored =
        (await one<{ n: number }>(platform, "select count(*)::int as n from tracking_events")).n -
        trackingBefore;
      if (stored >= accepted.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (stored !== accepted.length) {
      // The suspects: accepted events whose fields were mutated (one of them can sink a batch).
      const plainKinds = ["baseline", "headers", "bearer", "contentType", "extra", "missing", "protoKeys"];
      console.log(
        [
          `[fuzz ${target.name}] ${String(accepted.length)} tracking events accepted, ${String(stored)} stored; accepted with mutated fields:`,
          ...accepted
            .filter((r) => !plainKinds.includes(r.probe.kind))
            .map((r) => `  ${r.probe.kind}: ${r.probe.detail} (${r.probe.auth})`),
        ].join("\n"),
      );
    }
    expect(stored, `${String(accepted.length)} events accepted, ${String(stored)} stored`).toBe(
      accepted.length,
    );
  });
});
