import { basicAuthorization, encryptReq } from "@platform/api-client";
import { endpoints, schemas } from "@platform/api-client/contract";
import type { EndpointDef, EndpointName } from "@platform/api-client/contract";
import type { z } from "zod";
import {
  badQueries,
  describe as describeValue,
  fieldsOf,
  mutationsOf,
  queryOf,
  sealBytes,
  validValue,
  without,
  wrongContentTypes,
} from "./fuzz";
import type { MutationKind, Payload, Probe, Rng, ZodLike } from "./fuzz";
import { serverRouteCases } from "./fuzz-routes";
import { adminCases } from "./fuzz-admin-routes";
import { destructive, fuzzSeed, multiLine, perEndpoint, profileFields } from "./fuzz-setup";
import type { Case, Fixtures } from "./fuzz-setup";
import {
  basicValues,
  bearerValues,
  headerClass,
  headerValues,
  hintsFor,
  idempotencyValues,
} from "./fuzz-values";
import type { TestPlatform } from "./harness";

/**
 * What the fuzz suite (src/fuzz.test.ts) sends: every endpoint of the contract's table the server
 * serves (so a new call joins by itself) and the server's own routes, each mutated every way its
 * schema allows, then sampled per endpoint.
 */

/** Pick `budget` cases by going round the groups in a shuffled order (so every group is tried). */
export function sample(rng: Rng, cases: readonly Case[], budget: number): Case[] {
  const groups = new Map<string, Case[]>();
  for (const c of cases) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const queues = rng.shuffle([...groups.values()].map((list) => rng.shuffle(list)));
  const out: Case[] = [];
  const limit = Math.max(budget, queues.length);
  while (out.length < limit && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.pop();
      if (next && out.length < limit) out.push(next);
    }
  }
  return out;
}

export interface Plan {
  readonly cases: Case[];
  /** Calls that write the caller's profile (or end the account): sent one at a time, each checked. */
  readonly profileEndpoints: ReadonlySet<string>;
  /** Their valid requests, which put the profile back as it was. */
  readonly restorers: Case[];
  readonly served: string[];
  readonly unserved: string[];
  readonly invalidBaselines: string[];
  readonly skippedValid: { count: number };
}

export function plan(platform: TestPlatform, rng: Rng, fx: Fixtures): Plan {
  const server = platform.server;
  const reqKey = server.ctx.secrets.reqKey;
  const clientId = platform.config.clientId;
  const clientSecret = server.ctx.secrets.clientSecret;
  const basic = basicAuthorization(clientId, clientSecret);
  const served: string[] = [];
  const unserved: string[] = [];
  const invalidBaselines: string[] = [];
  const skippedValid = { count: 0 };
  const cases: Case[] = [];
  const profileEndpoints = new Set<string>();
  const restorers: Case[] = [];
  let keys = 0;

  const productHeaders = (def: EndpointDef, auth: "user" | "anon"): Record<string, string> => ({
    platform: "H5",
    "register-platform-id": "11120",
    channelTagId: "0",
    "time-zone": "GMT+08:00",
    language: rng.pick(["zh_CN", "en_US"]),
    ...(def.method === "GET" ? {} : { "content-type": "application/json" }),
    ...(def.money ? { "idempotency-key": `fuzz-${String(fuzzSeed)}-${String(++keys)}` } : {}),
    ...(auth === "user" ? { authorization: `Bearer ${fx.token}` } : {}),
  });

  for (const [name, def] of Object.entries(endpoints) as [EndpointName, EndpointDef][]) {
    const url = `/api${def.path.replace(/\{(\w+)\}/g, ":$1")}`;
    if (!server.app.hasRoute({ method: def.method, url })) {
      unserved.push(name);
      continue;
    }
    served.push(name);
    const schema: z.ZodType = schemas[name].request;
    const zod = schema as unknown as ZodLike;
    const token = def.kind === "token";
    const fields = fieldsOf(zod);
    const baseline = validValue(zod, hintsFor(name, def, fx, clientId)) as Record<string, unknown>;
    if (!schema.safeParse(baseline).success) invalidBaselines.push(name);
    /** Whether a server could read the payload as a valid request (a BOM before JSON is allowed). */
    const accepted = (payload: Payload) => {
      if ("json" in payload) return schema.safeParse(payload.json).success;
      const texts =
        "text" in payload
          ? [payload.text]
          : [payload.bytes.toString("utf8"), payload.bytes.toString("utf16le")];
      return texts.some((text) => {
        try {
          return schema.safeParse(JSON.parse(text.replace(/^\ufeff/, ""))).success;
        } catch {
          return false;
        }
      });
    };
    /** A body the server must refuse, for destructive calls' header mutations. */
    const carrier: Payload = destructive.has(name)
      ? { json: { ...baseline, fuzzInvalid: {}, [fields[0]?.name ?? "x"]: {} } }
      : { json: baseline };

    /** The path (fields named in it filled from the payload) and what is left for the query or body. */
    const located = (payload: Payload): { path: string; rest: Payload } => {
      if (!("json" in payload) || payload.json === null || typeof payload.json !== "object") {
        return { path: `/api${def.path}`, rest: payload };
      }
      let rest = { ...(payload.json as Record<string, unknown>) };
      const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => {
        const value = rest[key];
        rest = without(rest, key);
        return encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));
      });
      return { path: `/api${path}`, rest: { json: rest } };
    };
    const bytesOf = (payload: Payload): Buffer =>
      "bytes" in payload
        ? payload.bytes
        : Buffer.from("text" in payload ? payload.text : JSON.stringify(payload.json), "utf8");

    /** A token endpoint's body: the params sealed with curtime (or, for raw text, sealed as they are). */
    const sealed = async (payload: Payload): Promise<Buffer> => {
      const req =
        "json" in payload &&
        payload.json !== null &&
        typeof payload.json === "object" &&
        !Array.isArray(payload.json)
          ? await encryptReq(payload.json as Record<string, unknown>, reqKey)
          : sealBytes(bytesOf(payload), reqKey, rng.bytes(12));
      return Buffer.from(JSON.stringify({ req }));
    };

    const probeOf = async (
      auth: "user" | "anon",
      kind: MutationKind,
      detail: string,
      payload: Payload,
      change: { headers?: Record<string, string | null>; outer?: Payload; raw?: boolean } = {},
    ): Promise<Probe | null> => {
      if (destructive.has(name) && auth === "user" && change.headers === undefined && accepted(payload)) {
        skippedValid.count++;
        return null;
      }
      const headers: Record<string, string> = token
        ? {
            platform: "H5",
            "register-platform-id": "11120",
            channelTagId: "0",
            "content-type": "application/json",
            authorization: auth === "anon" ? basic : `Bearer ${fx.token}`,
          }
        : productHeaders(def, auth);
      for (const [header, value] of Object.entries(change.headers ?? {})) {
        if (value === null) Reflect.deleteProperty(headers, header);
        else headers[header] = value;
      }
      const { path, rest } = located(payload);
      if (def.method === "GET") {
        return {
          endpoint: name,
          kind,
          detail,
          auth,
          method: "GET",
          path: `${path}${queryOf(rest)}`,
          headers,
          raw: change.raw,
        };
      }
      const body = change.outer ? bytesOf(change.outer) : token ? await sealed(rest) : bytesOf(rest);
      const note =
        token && !change.outer
          ? `sealed params (with curtime): ${bytesOf(rest).toString("utf8")}`
          : undefined;
      return {
        endpoint: name,
        kind,
        detail,
        auth,
        method: def.method,
        path,
        headers,
        body,
        raw: change.raw,
        note,
      };
    };

    const both = ["user", "anon"] as const;
    const add = (
      kind: MutationKind,
      group: string,
      detail: string,
      auths: readonly ("user" | "anon")[],
      build: Case["build"],
    ) => {
      cases.push({ endpoint: name, kind, group, detail, auths, build });
    };

    const mutations = mutationsOf(rng, baseline, fields, { profileFields, multiLine });
    if (destructive.has(name) || fields.some((f) => profileFields.has(f.name))) {
      profileEndpoints.add(name);
      if (!destructive.has(name)) {
        restorers.push({
          endpoint: name,
          kind: "baseline",
          group: "baseline",
          detail: "valid request",
          auths: ["user"],
          build: (auth) => probeOf(auth, "baseline", "valid request", { json: baseline }),
        });
      }
    }
    for (const m of mutations) {
      // Token endpoints: a body that is not JSON or too big is the outer body; the rest are sealed params.
      const outer = token && (m.kind === "notJson" || m.kind === "hugeBody");
      if (def.method === "GET" && (m.kind === "notJson" || m.kind === "hugeBody")) continue;
      add(m.kind, m.group, m.detail, both, (auth) =>
        probeOf(auth, m.kind, m.detail, m.payload, outer ? { outer: m.payload } : {}),
      );
    }
    if (def.method === "GET") {
      for (const query of badQueries) {
        add("query", "query", query.length > 60 ? `${query.slice(0, 60)}…` : query, both, async (auth) => {
          const probe = await probeOf(auth, "query", query, carrier);
          return (
            probe && {
              ...probe,
              path: `${probe.path}${probe.path.includes("?") ? query.replace("?", "&") : query}`,
            }
          );
        });
      }
    } else {
      for (const type of wrongContentTypes) {
        add("contentType", "contentType", `content-type ${describeValue(type)}`, both, (auth) =>
          probeOf(auth, "contentType", `content-type ${describeValue(type)}`, carrier, {
            headers: { "content-type": type },
          }),
        );
      }
    }
    for (const value of bearerValues(fx.token)) {
      const detail = `authorization ${describeValue(value.replace(fx.token, "<token>"))}`;
      add("bearer", "bearer", detail, ["user"], () =>
        probeOf("user", "bearer", detail, carrier, { headers: { authorization: value } }),
      );
    }
    for (const [header, value] of headerValues) {
      const detail = `${header}: ${describeValue(value)}`;
      add("headers", `headers:${headerClass(header)}`, detail, both, (auth) =>
        probeOf(auth, "headers", detail, carrier, { headers: { [header]: value } }),
      );
    }
    // Idempotency keys, Basic headers, `req` and `curtime`: few calls have them and each value is a
    // different mistake, so each is its own group (every run sends all of them).
    if (def.money) {
      for (const value of idempotencyValues) {
        const detail = `idempotency-key ${describeValue(value)}`;
        add("idempotencyKey", `idempotencyKey:${detail}`, detail, both, (auth) =>
          probeOf(auth, "idempotencyKey", detail, carrier, { headers: { "idempotency-key": value } }),
        );
      }
    }
    if (token) {
      for (const value of basicValues(clientId, clientSecret)) {
        const detail = `authorization ${describeValue(value)}`;
        add("basic", `basic:${detail}`, detail, ["anon"], () =>
          probeOf("anon", "basic", detail, carrier, { headers: { authorization: value } }),
        );
      }
      const params = baseline;
      const reqs: readonly [string, () => Promise<unknown>][] = [
        ["req not base64", () => Promise.resolve("!!!***")],
        ["req empty", () => Promise.resolve("")],
        ["req too short", () => Promise.resolve(rng.bytes(20).toString("base64"))],
        ["req random bytes", () => Promise.resolve(rng.bytes(100).toString("base64"))],
        ["req sealed with another key", () => encryptReq(params, rng.bytes(32).toString("base64"))],
        ["req truncated", async () => (await encryptReq(params, reqKey)).slice(0, -8)],
        [
          "req with a flipped byte",
          async () => {
            // Drawn before the await, so the PRNG's sequence does not depend on timing.
            const where = rng.next();
            const bytes = Buffer.from(await encryptReq(params, reqKey), "base64");
            const at = 12 + Math.floor(where * (bytes.length - 12));
            bytes[at] = (bytes[at] ?? 0) ^ 1;
            return bytes.toString("base64");
          },
        ],
        [
          "req base64url",
          async () => (await encryptReq(params, reqKey)).replace(/\+/g, "-").replace(/\//g, "_"),
        ],
        ["req with line breaks", async () => (await encryptReq(params, reqKey)).replace(/(.{20})/g, "$1\n")],
        [
          "req sealing text that is not JSON",
          () => Promise.resolve(sealBytes(Buffer.from("hello"), reqKey, rng.bytes(12))),
        ],
        [
          "req sealing invalid UTF-8",
          () => Promise.resolve(sealBytes(Buffer.from([0xff, 0xfe, 0x7b]), reqKey, rng.bytes(12))),
        ],
        ["req sealing []", () => Promise.resolve(sealBytes(Buffer.from("[]"), reqKey, rng.bytes(12)))],
        ["req sealing null", () => Promise.resolve(sealBytes(Buffer.from("null"), reqKey, rng.bytes(12)))],
        [
          "req sealing a deep array",
          () =>
            Promise.resolve(
              sealBytes(Buffer.from(`${"[".repeat(50_000)}${"]".repeat(50_000)}`), reqKey, rng.bytes(12)),
            ),
        ],
        [
          "req sealing {} (no curtime)",
          () => Promise.resolve(sealBytes(Buffer.from("{}"), reqKey, rng.bytes(12))),
        ],
        ["req sealing 600 KB", () => encryptReq({ ...params, big: "x".repeat(600 * 1024) }, reqKey)],
        ["req a number", () => Promise.resolve(123)],
        ["req null", () => Promise.resolve(null)],
        ["req an object", () => Promise.resolve({ req: "x" })],
        ["req an array", () => Promise.resolve(["x"])],
        ["req missing", () => Promise.resolve(undefined)],
      ];
      add("reqSeal", "reqSeal:extra", "an extra field beside req", ["anon"], async () =>
        probeOf("anon", "reqSeal", "an extra field beside req", carrier, {
          outer: { json: { req: await encryptReq(params, reqKey), extra: { $gt: "" } } },
        }),
      );
      for (const [detail, make] of reqs) {
        add("reqSeal", `reqSeal:${detail}`, detail, ["anon"], async () => {
          const req = await make();
          return probeOf("anon", "reqSeal", detail, carrier, {
            outer: { json: req === undefined ? {} : { req } },
          });
        });
      }
      const now = Date.now();
      const curtimes: readonly [string, unknown][] = [
        ["curtime missing", undefined],
        ["curtime text", String(now)],
        ["curtime 'now'", "now"],
        ["curtime 6 minutes old", now - 6 * 60_000],
        ["curtime 6 minutes ahead", now + 6 * 60_000],
        ["curtime 0", 0],
        ["curtime -1", -1],
        ["curtime 1e20", 1e20],
        ["curtime 1.5", 1.5],
        ["curtime null", null],
        ["curtime true", true],
        ["curtime 8.64e15 + 1", 8.64e15 + 1],
        ["curtime max value", Number.MAX_VALUE],
        ["curtime an object", { $gt: 0 }],
      ];
      for (const [detail, curtime] of curtimes) {
        add("curtime", `curtime:${detail}`, detail, ["anon"], () => {
          const plain = Buffer.from(JSON.stringify(curtime === undefined ? params : { ...params, curtime }));
          return probeOf("anon", "curtime", detail, carrier, {
            outer: { json: { req: sealBytes(plain, reqKey, rng.bytes(12)) } },
          });
        });
      }
    }
  }

  cases.push(...serverRouteCases(platform, fx, served, unserved));
  cases.push(...adminCases(rng, fx.adminToken, served));

  // Per endpoint, a sample that still tries every group.
  const byEndpoint = new Map<string, Case[]>();
  for (const c of cases) byEndpoint.set(c.endpoint, [...(byEndpoint.get(c.endpoint) ?? []), c]);
  const chosen = [...byEndpoint.values()].flatMap((list) => sample(rng, list, perEndpoint));
  return { cases: chosen, profileEndpoints, restorers, served, unserved, invalidBaselines, skippedValid };
}
