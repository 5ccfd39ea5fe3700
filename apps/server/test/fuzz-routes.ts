import { hmac } from "../src/security/hashing";
import { badIds, badQueries, describe as describeValue } from "./fuzz";
import type { MutationKind, Probe } from "./fuzz";
import { gameRouteCases } from "./fuzz-game-routes";
import { liveRouteCases } from "./fuzz-live-routes";
import { moneyRouteCases } from "./fuzz-money-routes";
import { mediaRouteCases } from "./fuzz-media-routes";
import { png } from "./fuzz-setup";
import type { Case, Fixtures } from "./fuzz-setup";
import { headerClass, headerValues, rangeValues } from "./fuzz-values";
import type { TestPlatform } from "./harness";

/** What each group of the server's own routes writes its cases with (see `serverRouteCases`). */
export interface RouteCases {
  readonly server: TestPlatform["server"];
  readonly fx: Fixtures;
  /** Whether the server has the route; recorded as served or not served. */
  readonly own: (endpoint: string, method: string, url: string) => boolean;
  readonly userHeaders: (auth: "user" | "anon") => Record<string, string>;
  /** Add a case whose probe is made at once. */
  readonly plain: (
    endpoint: string,
    kind: MutationKind,
    group: string,
    detail: string,
    auths: readonly ("user" | "anon")[],
    make: (auth: "user" | "anon") => Omit<Probe, "endpoint" | "kind" | "detail" | "auth">,
  ) => void;
  readonly both: readonly ["user", "anon"];
  /** Range and validator headers on a file answer (ranges, 304s, 416s). */
  readonly rangeCases: (endpoint: string, path: string) => void;
}

/**
 * The server's own routes (media, uploads, the app's config, the sandbox, health): not in the
 * contract, so their mutations are written here, against the URLs the fixtures name.
 */
export function serverRouteCases(
  platform: TestPlatform,
  fx: Fixtures,
  served: string[],
  unserved: string[],
): Case[] {
  const server = platform.server;
  const cases: Case[] = [];
  const own = (endpoint: string, method: string, url: string) => {
    if (!server.app.hasRoute({ method, url })) {
      unserved.push(endpoint);
      return false;
    }
    served.push(endpoint);
    return true;
  };
  const userHeaders = (auth: "user" | "anon"): Record<string, string> =>
    auth === "user" ? { authorization: `Bearer ${fx.token}` } : {};
  const plain = (
    endpoint: string,
    kind: MutationKind,
    group: string,
    detail: string,
    auths: readonly ("user" | "anon")[],
    make: (auth: "user" | "anon") => Omit<Probe, "endpoint" | "kind" | "detail" | "auth">,
  ) => {
    cases.push({
      endpoint,
      kind,
      group,
      detail,
      auths,
      build: (auth) => Promise.resolve({ endpoint, kind, detail, auth, ...make(auth) }),
    });
  };
  const both = ["user", "anon"] as const;
  /** Range and validator headers on a file answer (ranges, 304s, 416s). */
  const rangeCases = (endpoint: string, path: string) => {
    for (const [header, value] of rangeValues) {
      plain(
        endpoint,
        "headers",
        `headers:${headerClass(header)}`,
        `${header}: ${value.slice(0, 40)}`,
        both,
        (auth) => ({ method: "GET", path, headers: { ...userHeaders(auth), [header]: value } }),
      );
    }
  };
  const routes: RouteCases = { server, fx, own, userHeaders, plain, both, rangeCases };

  mediaRouteCases(routes);
  liveRouteCases(routes);
  gameRouteCases(routes);
  moneyRouteCases(routes);
  uploadRouteCases(routes);
  partRouteCases(routes);
  plainRouteCases(routes);
  return cases;
}

/** The signed upload PUT. */
function uploadRouteCases(routes: RouteCases): void {
  const { server, fx, own, userHeaders, plain, both } = routes;
  // The signed upload PUT: signature first; validly signed odd ids; types and sizes.
  const upload = "PUT /api/media/upload/:id";
  if (own(upload, "PUT", "/api/media/upload/:id")) {
    const url = new URL(fx.uploadPath, "http://x");
    const id = url.pathname.split("/").pop() ?? "";
    const expires = url.searchParams.get("expires") ?? "";
    const signedPut = (idText: string, expiresText: string) => {
      const sig = hmac(
        server.ctx.secrets.signingKey,
        `upload:${String(Number(decodeURIComponent(idText)))}:${String(Number(expiresText))}`,
      );
      return `/api/media/upload/${idText}?expires=${expiresText}&sig=${sig}`;
    };
    const put = (path: string, headers: Record<string, string>, body: Buffer = png, raw = false) => ({
      method: "PUT",
      path,
      headers: { "content-type": "image/png", ...headers },
      body,
      raw,
    });
    plain(upload, "baseline", "baseline", "valid request", both, (auth) =>
      put(fx.uploadPath, userHeaders(auth)),
    );
    for (const bad of badIds) {
      const text = encodeURIComponent(String(bad));
      plain(upload, "badId", "badId:id", `id=${describeValue(bad)} (signed)`, both, (auth) =>
        put(signedPut(text, expires), userHeaders(auth), png, true),
      );
    }
    for (const value of ["", "abc", "1e20", "-1", "1.5", "1e400", "NaN", "99999999999999999999"]) {
      plain(upload, "query", "query:expires", `expires=${value} (signed)`, both, (auth) =>
        put(signedPut(id, value), userHeaders(auth)),
      );
      plain(upload, "query", "query:expires", `expires=${value} (unsigned)`, both, (auth) =>
        put(fx.uploadPath.replace(/expires=\d+/, `expires=${value}`), userHeaders(auth)),
      );
    }
    for (const type of [
      null,
      "image/jpeg",
      "IMAGE/PNG",
      "image/png; charset=x",
      "image/png\u0000",
      "x".repeat(5000),
    ]) {
      plain(upload, "contentType", "contentType", `content-type ${describeValue(type)}`, both, (auth) => {
        const headers: Record<string, string> = { ...userHeaders(auth) };
        const probe = put(fx.uploadPath, headers);
        if (type === null) Reflect.deleteProperty(probe.headers, "content-type");
        else probe.headers["content-type"] = type;
        return probe;
      });
    }
    for (const [detail, body] of [
      ["empty body", Buffer.alloc(0)],
      ["1.1 MB body", Buffer.alloc(1100 * 1024, 1)],
      ["twice the declared size", Buffer.concat([png, png])],
    ] as const) {
      plain(upload, "hugeBody", "hugeBody", detail, both, (auth) =>
        put(fx.uploadPath, userHeaders(auth), body),
      );
    }
  }
}

/**
 * The signed part PUT of an upload in parts (its last part: 5 bytes): signature first, then ids,
 * part numbers and sizes.
 */
function partRouteCases(routes: RouteCases): void {
  const { server, fx, own, userHeaders, plain, both } = routes;
  const endpoint = "PUT /api/media/upload/:id/parts/:part";
  if (!own(endpoint, "PUT", "/api/media/upload/:id/parts/:part")) return;
  const url = new URL(fx.partPath, "http://x");
  const [, , , , id = "", , part = ""] = url.pathname.split("/");
  const expires = url.searchParams.get("expires") ?? "";
  const signed = (idText: string, partText: string, expiresText: string) => {
    const sig = hmac(
      server.ctx.secrets.signingKey,
      `upload-part:${String(Number(decodeURIComponent(idText)))}:${String(Number(decodeURIComponent(partText)))}:${String(Number(expiresText))}`,
    );
    return `/api/media/upload/${idText}/parts/${partText}?expires=${expiresText}&sig=${sig}`;
  };
  const put = (
    path: string,
    headers: Record<string, string>,
    body: Buffer = Buffer.alloc(5, 7),
    raw = false,
  ) => ({
    method: "PUT",
    path,
    headers: { "content-type": "application/octet-stream", ...headers },
    body,
    raw,
  });
  plain(endpoint, "baseline", "baseline", "valid request", both, (auth) =>
    put(fx.partPath, userHeaders(auth)),
  );
  for (const bad of badIds) {
    const text = encodeURIComponent(String(bad));
    plain(endpoint, "badId", "badId:id", `id=${describeValue(bad)} (signed)`, both, (auth) =>
      put(signed(text, part, expires), userHeaders(auth), undefined, true),
    );
    plain(endpoint, "badId", "badId:part", `part=${describeValue(bad)} (signed)`, both, (auth) =>
      put(signed(id, text, expires), userHeaders(auth), undefined, true),
    );
  }
  for (const value of ["", "abc", "1e20", "-1", "1.5", "NaN", "99999999999999999999"]) {
    plain(endpoint, "query", "query:expires", `expires=${value} (signed)`, both, (auth) =>
      put(signed(id, part, value), userHeaders(auth)),
    );
    plain(endpoint, "query", "query:expires", `expires=${value} (unsigned)`, both, (auth) =>
      put(fx.partPath.replace(/expires=\d+/, `expires=${value}`), userHeaders(auth)),
    );
  }
  for (const [detail, body] of [
    ["empty body", Buffer.alloc(0)],
    ["one byte short", Buffer.alloc(4, 1)],
    ["one byte over", Buffer.alloc(6, 1)],
    ["1.1 MB body", Buffer.alloc(1100 * 1024, 1)],
  ] as const) {
    plain(endpoint, "hugeBody", "hugeBody", detail, both, (auth) =>
      put(fx.partPath, userHeaders(auth), body),
    );
  }
}

/** The app's config, the SMS sandbox's read-back, the sandbox pages' stylesheet, the health checks and the metrics. */
function plainRouteCases(routes: RouteCases): void {
  const { own, userHeaders, plain, both } = routes;
  // Plain GETs of the server's own: junk queries and headers.
  for (const [endpoint, path] of [
    ["GET /api/h5/config.js", "/api/h5/config.js"],
    ["GET /api/sandbox/sms/last", "/api/sandbox/sms/last"],
    ["GET /sandbox/sandbox.css", "/sandbox/sandbox.css"],
    ["GET /health", "/health"],
    ["GET /health/live", "/health/live"],
    ["GET /health/ready", "/health/ready"],
    ["GET /health/*", "/health/*"],
    ["GET /metrics", "/metrics"],
  ] as const) {
    if (!own(endpoint, "GET", path)) continue;
    const base = path === "/api/sandbox/sms/last" ? `${path}?mobile=13700009999` : path;
    plain(endpoint, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: base,
      headers: userHeaders(auth),
    }));
    for (const query of badQueries) {
      plain(endpoint, "query", "query", query.slice(0, 60), both, (auth) => ({
        method: "GET",
        path: `${base}${base.includes("?") ? `&${query.slice(1)}` : query}`,
        headers: userHeaders(auth),
      }));
    }
    if (path === "/api/sandbox/sms/last") {
      for (const mobile of [
        "",
        "%00",
        "138%00",
        "%ED%A0%80",
        "x".repeat(8000),
        "1",
        "13700009999&mobile=13800000001",
        "[]",
      ]) {
        plain(endpoint, "query", "query:mobile", `mobile=${mobile.slice(0, 40)}`, both, (auth) => ({
          method: "GET",
          path: `${path}?mobile=${mobile}`,
          headers: userHeaders(auth),
        }));
      }
    }
    for (const [header, value] of headerValues) {
      plain(
        endpoint,
        "headers",
        `headers:${headerClass(header)}`,
        `${header}: ${describeValue(value)}`,
        both,
        (auth) => ({
          method: "GET",
          path: base,
          headers: { ...userHeaders(auth), [header]: value },
        }),
      );
    }
  }
}
