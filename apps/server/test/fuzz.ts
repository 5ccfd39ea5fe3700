import { createCipheriv } from "node:crypto";
import { connect } from "node:net";
import { seededRandom } from "../src/seed/random";

/**
 * Helpers of the fuzz suite (src/fuzz.test.ts): a seeded PRNG, valid baselines derived from the
 * contract's zod schemas, the mutations of a baseline, and a transport that can send what `fetch`
 * refuses to (raw header bytes, un-normalised paths).
 */

/* ------------------------------------------------------------------------------------------------
 * Seeded randomness: every choice of the suite comes from here, so FUZZ_SEED replays a run.
 * ---------------------------------------------------------------------------------------------- */

export class Rng {
  /** mulberry32 (the seed's own source): small, fast, and good enough to pick test cases. */
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
  bytes(n: number): Buffer {
    return Buffer.from(Array.from({ length: n }, () => this.int(256)));
  }
}

/* ------------------------------------------------------------------------------------------------
 * Reading zod v4 schemas (only what a baseline and the field list need).
 * ---------------------------------------------------------------------------------------------- */

interface CheckDefLike {
  readonly check: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly value?: number;
  readonly format?: string;
}

interface ZodDefLike {
  readonly type: string;
  readonly shape?: Readonly<Record<string, ZodLike>>;
  readonly innerType?: ZodLike;
  readonly in?: ZodLike;
  readonly element?: ZodLike;
  readonly options?: readonly ZodLike[];
  readonly entries?: Readonly<Record<string, string | number>>;
  readonly values?: readonly unknown[];
  readonly defaultValue?: unknown;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDefLike } }[];
}

export interface ZodLike {
  readonly _zod: { readonly def: ZodDefLike };
}

const wrappers = new Set(["optional", "default", "prefault", "nullable", "readonly", "catch", "nonoptional"]);

/** The schema under optional/default/nullable/pipe wrappers, and whether it may be left out. */
function unwrap(schema: ZodLike): { core: ZodLike; optional: boolean } {
  let core = schema;
  let optional = false;
  for (;;) {
    const def = core._zod.def;
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") optional = true;
    if (wrappers.has(def.type) && def.innerType) core = def.innerType;
    else if (def.type === "pipe" && def.in) core = def.in;
    else return { core, optional };
  }
}

function checkOf(schema: ZodLike, name: string): CheckDefLike | undefined {
  return schema._zod.def.checks?.map((c) => c._zod.def).find((c) => c.check === name);
}

export type FieldType = "string" | "number" | "boolean" | "enum" | "array" | "object" | "other";

export interface Field {
  readonly name: string;
  readonly type: FieldType;
  /** The array's element type, for arrays. */
  readonly element: FieldType | null;
  /** Enum and literal fields: the allowed values. */
  readonly allowed: readonly unknown[];
  /** Ids travel as text and name rows: the first thing to try bad numbers on. */
  readonly idLike: boolean;
}

function typeOf(schema: ZodLike): { type: FieldType; allowed: readonly unknown[] } {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "array":
    case "object":
      return { type: def.type, allowed: [] };
    case "enum":
      return { type: "enum", allowed: Object.values(def.entries ?? {}) };
    case "literal":
      return { type: "enum", allowed: def.values ?? [] };
    default:
      return { type: "other", allowed: [] };
  }
}

/** The top-level fields of an object request schema (empty for anything else). */
export function fieldsOf(schema: ZodLike): Field[] {
  const { core } = unwrap(schema);
  const shape = core._zod.def.shape ?? {};
  return Object.entries(shape).map(([name, fieldSchema]) => {
    const inner = unwrap(fieldSchema).core;
    const { type, allowed } = typeOf(inner);
    const element =
      type === "array" && inner._zod.def.element ? typeOf(unwrap(inner._zod.def.element).core).type : null;
    const idLike = /^(id|.*Id|.*Ids)$/.test(name) && (type === "string" || element === "string");
    return { name, type, element, allowed, idLike };
  });
}

/**
 * A value the schema accepts, taking `hints` (by field name) first: a regex or a real row id
 * cannot be derived, so the suite names those. Optional fields appear only when hinted.
 */
export function validValue(schema: ZodLike, hints: Readonly<Record<string, unknown>>, name = ""): unknown {
  if (name in hints) return hints[name];
  const { core } = unwrap(schema);
  const def = core._zod.def;
  switch (def.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (!(key in hints) && unwrap(field).optional) continue;
        out[key] = validValue(field, hints, key);
      }
      return out;
    }
    case "string": {
      const min = checkOf(core, "min_length")?.minimum ?? 1;
      const max = checkOf(core, "max_length")?.maximum ?? 64;
      return "fuzz".padEnd(Math.max(min, 4), "z").slice(0, Math.max(max, 0));
    }
    case "number": {
      const min = checkOf(core, "greater_than")?.value ?? 1;
      return Math.max(min, 1);
    }
    case "boolean":
      return false;
    case "enum":
      return Object.values(def.entries ?? {})[0];
    case "literal":
      return def.values?.[0];
    case "array": {
      const min = checkOf(core, "min_length")?.minimum ?? 0;
      return min > 0 && def.element ? [validValue(def.element, hints)] : [];
    }
    case "union":
      return def.options?.[0] ? validValue(def.options[0], hints, name) : null;
    default:
      return null;
  }
}

/* ------------------------------------------------------------------------------------------------
 * Mutations.
 * ---------------------------------------------------------------------------------------------- */

export type MutationKind =
  | "baseline"
  | "missing"
  | "extra"
  | "wrongType"
  | "hugeString"
  | "controlChars"
  | "loneSurrogate"
  | "unicode"
  | "badId"
  | "badNumber"
  | "rawNumber"
  | "badEnum"
  | "badArray"
  | "deepNesting"
  | "protoKeys"
  | "notJson"
  | "contentType"
  | "hugeBody"
  | "query"
  | "path"
  | "reqSeal"
  | "curtime"
  | "basic"
  | "bearer"
  | "idempotencyKey"
  | "headers";

/** What goes in the body (or, for GET, the query; for token endpoints, the sealed params). */
export type Payload = { readonly json: unknown } | { readonly text: string } | { readonly bytes: Buffer };

export interface Mutation {
  readonly kind: MutationKind;
  /** Which field and value, for reading a failure. */
  readonly detail: string;
  readonly payload: Payload;
  /** Several mutations of one kind and field form a group: every group is tried. */
  readonly group: string;
}

const KB = 1024;

/** Positive safe integers in text could name a real row: never among the bad ids. */
const namesARow = (id: unknown) =>
  typeof id === "string" && Number.isSafeInteger(Number(id)) && Number(id) > 0;

/**
 * Ids that are not safe positive integers, by class (every class is tried on every id field).
 * None parses to a real row, so a money call that let one through would still move nothing.
 */
export const badIdClasses: Readonly<Record<string, readonly unknown[]>> = {
  text: ["abc", "NaN", "Infinity", "", " ", "1 2", "١٢", "0x"],
  decimal: ["1.5", "1e20", "1e400"],
  range: ["-1", "0", "9007199254740993", "99999999999999999999", "-9223372036854775809"],
  number: [1e20, -5, 1.5, 0, 42],
};
export const badIds: readonly unknown[] = Object.values(badIdClasses)
  .flat()
  .filter((id) => !namesARow(id));

/** Numbers a number field must refuse (or survive), by class: fractions, negatives, past int4 and 2^53. */
export const badNumberClasses: Readonly<Record<string, readonly unknown[]>> = {
  fraction: [1.5, -0.5, 5e-324],
  negative: [-1, 0, -1e308],
  int4: [2 ** 31, 2 ** 31 + 1, 2 ** 32],
  unsafe: [2 ** 53, 2 ** 53 + 2, 1e20, 1e308],
  big: [9_007_199_254_740_991, 1e15],
  text: ["1", "NaN", "Infinity", "1e20"],
};

/** Number literals JSON.parse reads as Infinity or other surprises, sent as text. */
const rawNumbers = ["1e400", "-1e400", "1e-400", "-0", "123456789012345678901234567890", "0.0000000001"];

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
/** Text fields: NUL, the other C0 controls, then DEL, C1 controls and escape sequences. */
function controlVariants(rng: Rng, value: string): (readonly [string, string])[] {
  const at = rng.int(value.length + 1);
  const insert = (c: string) => value.slice(0, at) + c + value.slice(at);
  return [
    ["nul", `${value}\u0000`],
    ["nul", "\u0000"],
    ["nul", insert("\u0000")],
    // Tabs and line breaks are text in some fields: the C0 class never relies on them alone.
    ["c0", insert(rng.pick(C0.filter((c) => !"\u0000\t\n\r".includes(c))))],
    ["c0", C0.slice(1).join("")],
    ["other", insert("\u007f")],
    ["other", insert(String.fromCharCode(0x80 + rng.int(32)))],
    ["other", `${value}\u001b[31m`],
    ["other", `${value}\r\nX-Injected: 1`],
  ];
}

function surrogateVariants(value: string): string[] {
  return [`${value}\ud800`, `\udc00${value}`, "\udbff\udbff", `${value.slice(0, 1)}\ud83d`];
}

/** Valid but unusual text: bidi overrides, zero-width, BOM, astral characters, emoji. */
function unicodeVariants(value: string): string[] {
  return [`\u202e${value}`, `${value}\ufeff`, `\u200b${value}\u200b`, `${value}\u{1d54f}`, "👍🏽".repeat(3)];
}

function wrongTypes(field: Field, value: unknown): unknown[] {
  const all: unknown[] = [
    123,
    -1,
    "text",
    true,
    null,
    {},
    [],
    [value ?? "x"],
    { $gt: "" },
    "[object Object]",
  ];
  return all.filter((v) => {
    if (field.type === "string") return typeof v !== "string";
    if (field.type === "number") return typeof v !== "number";
    if (field.type === "boolean") return typeof v !== "boolean";
    if (field.type === "array") return !Array.isArray(v);
    return true;
  });
}

function deepArray(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/** An object without one key. */
export function without(object: Readonly<Record<string, unknown>>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
}

/** The baseline with one field replaced by raw JSON text (for literals JSON.stringify cannot write). */
function withRawField(baseline: Record<string, unknown>, name: string, raw: string): string {
  const rest = without(baseline, name);
  const tail = JSON.stringify(rest).slice(1);
  return `{${JSON.stringify(name)}:${raw}${tail === "}" ? "}" : `,${tail}`}`;
}

export interface MutationOptions {
  /** Fields that only change the caller's own profile: no valid-but-odd text on them. */
  readonly profileFields?: ReadonlySet<string>;
  /** Fields whose text may span lines (so \n, \r, \t are not mistakes there). */
  readonly multiLine?: ReadonlySet<string>;
}

/** Every mutation of a baseline request: per field, then of the whole body. */
export function mutationsOf(
  rng: Rng,
  baseline: Record<string, unknown>,
  fields: readonly Field[],
  options: MutationOptions = {},
): Mutation[] {
  const out: Mutation[] = [];
  const set = (kind: MutationKind, field: Field, value: unknown, cls = "", label?: string) => {
    out.push({
      kind,
      group: `${kind}:${field.name}:${cls}`,
      detail: `${field.name}=${label ?? describe(value)}`,
      payload: { json: { ...baseline, [field.name]: value } },
    });
  };
  out.push({ kind: "baseline", group: "baseline", detail: "valid request", payload: { json: baseline } });
  for (const field of fields) {
    const value = baseline[field.name];
    const text = typeof value === "string" ? value : "fuzz";
    if (field.name in baseline) {
      const rest = without(baseline, field.name);
      out.push({
        kind: "missing",
        group: `missing:${field.name}`,
        detail: `no ${field.name}`,
        payload: { json: rest },
      });
    }
    for (const wrong of wrongTypes(field, value))
      set("wrongType", field, wrong, wrong !== null && typeof wrong === "object" ? "container" : "scalar");
    set("hugeString", field, "x".repeat(100 * KB), "", "'x' × 100 KB");
    set("hugeString", field, "9".repeat(20 * KB), "", "'9' × 20 KB");
    if (field.type === "string" || field.type === "enum" || field.idLike) {
      // Multi-line and profile fields get only what is wrong in any text (a profile call that
      // stored a C1 control or a line break would be a policy question, not a broken request).
      const lenient =
        (options.multiLine?.has(field.name) ?? false) || (options.profileFields?.has(field.name) ?? false);
      const controls = controlVariants(rng, text).filter(
        // eslint-disable-next-line no-control-regex -- finding control characters is the point
        ([, v]) => !lenient || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v),
      );
      for (const [cls, v] of controls) set("controlChars", field, v, cls);
      for (const v of surrogateVariants(text)) set("loneSurrogate", field, v);
      if (!options.profileFields?.has(field.name))
        for (const v of unicodeVariants(text)) set("unicode", field, v);
    }
    for (const [cls, ids] of Object.entries(badIdClasses)) {
      for (const id of ids.filter((x) => !namesARow(x))) {
        if (field.idLike && field.type === "string") set("badId", field, id, cls);
        if (field.idLike && field.type === "array") set("badId", field, [id], cls);
      }
    }
    if (field.type === "number") {
      for (const [cls, numbers] of Object.entries(badNumberClasses))
        for (const n of numbers) set("badNumber", field, n, cls);
      for (const raw of rawNumbers) {
        out.push({
          kind: "rawNumber",
          group: `rawNumber:${field.name}`,
          detail: `${field.name}=${raw} (raw JSON)`,
          payload: { text: withRawField(baseline, field.name, raw) },
        });
      }
    }
    if (field.type === "enum") {
      for (const allowed of field.allowed) {
        if (typeof allowed === "string") {
          set(
            "badEnum",
            field,
            allowed.toLowerCase() === allowed ? allowed.toUpperCase() : allowed.toLowerCase(),
          );
          set("badEnum", field, `${allowed} `);
        }
      }
      for (const v of ["NOPE", "", "constructor", "__proto__", 0, 99]) set("badEnum", field, v);
    }
    if (field.type === "array") {
      set("badArray", field, [], "", "[]");
      set(
        "badArray",
        field,
        Array.from({ length: 101 }, (_, i) => String(i + 1)),
        "",
        "101 items",
      );
      set(
        "badArray",
        field,
        Array.from({ length: 10_000 }, () => "1"),
        "",
        "10 000 items",
      );
      for (const v of [[null], [{}], [[]], [true], ["x".repeat(100 * KB)], ["\u0000"]])
        set("badArray", field, v);
    }
    out.push({
      kind: "deepNesting",
      group: `deepNesting:${field.name}`,
      detail: `${field.name}=[[[…]]] depth 5000`,
      payload: { text: withRawField(baseline, field.name, deepArray(5000)) },
    });
  }

  // The whole body.
  const body = (kind: MutationKind, detail: string, payload: Payload) => {
    out.push({ kind, group: kind, detail, payload });
  };
  const json = JSON.stringify(baseline);
  body("extra", "an extra field", { json: { ...baseline, fuzzExtra: "x" } });
  body("extra", "2000 extra fields", {
    json: {
      ...baseline,
      ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${String(i)}`, i])),
    },
  });
  body("extra", "an empty key", { json: { ...baseline, "": 1 } });
  if (fields[0]) {
    body("extra", `${fields[0].name} twice, the second bad`, {
      text: `${json.slice(0, -1)}${json === "{}" ? "" : ","}${JSON.stringify(fields[0].name)}:{"bad":true}}`,
    });
  }
  body("protoKeys", "__proto__ key", {
    text: `{"__proto__":{"polluted":true}${json === "{}" ? "}" : `,${json.slice(1)}`}`,
  });
  body("protoKeys", "constructor.prototype key", {
    text: `{"constructor":{"prototype":{"polluted":true}}${json === "{}" ? "}" : `,${json.slice(1)}`}`,
  });
  body("deepNesting", "body {a:{a:…}} depth 20 000", { text: deepObject(20_000) });
  body("deepNesting", "body [[…]] depth 100 000", { text: deepArray(100_000) });
  for (const text of [
    "",
    "{",
    "nope",
    "{'a':1}",
    "[]",
    "null",
    "123",
    '"text"',
    "true",
    `${json}garbage`,
    `\ufeff${json}`,
    `{/* comment */${json.slice(1)}`,
    '{"a":NaN}',
    '{"a":undefined}',
    `${json}${json}`,
    "\u0000",
  ]) {
    body("notJson", JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text), { text });
  }
  body("notJson", "invalid UTF-8 bytes", {
    bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
  });
  body("notJson", "UTF-16 JSON", { bytes: Buffer.from(`\ufeff${json}`, "utf16le") });
  body("hugeBody", "1.1 MB JSON", { json: { ...baseline, fuzzBig: "x".repeat(1100 * KB) } });
  body("hugeBody", "0.99 MB JSON", { json: { ...baseline, fuzzBig: "x".repeat(1000 * KB) } });
  return out;
}

/** JSON text with the characters a terminal would hide (DEL, C1, zero-width, bidi) escaped too. */
export function visible(value: unknown): string {
  // JSON.stringify answers undefined for undefined (its type says string).
  const text = JSON.stringify(value) as string | undefined;
  return (text ?? "undefined").replace(
    /[\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Short text of a value for the report. */
export function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  const text = visible(value);
  return text.length > 60 ? `${text.slice(0, 60)}… (${String(text.length)} chars)` : text;
}

/** Wrong content types for a JSON body (the body stays the baseline). */
export const wrongContentTypes: readonly (string | null)[] = [
  null,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "application/jsonx",
  "application/vnd.api+json",
  "*/*",
  `application/${"x".repeat(5000)}`,
];

/** Query strings of a GET endpoint's mutated request: keys repeated for arrays, `k[sub]` for objects. */
export function queryOf(payload: Payload): string {
  if (!("json" in payload))
    return `?${encodeURIComponent("text" in payload ? payload.text : payload.bytes.toString("latin1"))}`;
  const value = payload.json;
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return `?value=${encodeURIComponent(String(value))}`;
  const wellFormed = (text: string) =>
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  const parts: string[] = [];
  const add = (key: string, v: unknown) => {
    if (Array.isArray(v)) for (const item of v) add(key, item);
    else if (v !== null && typeof v === "object")
      for (const [sub, inner] of Object.entries(v)) add(`${key}[${sub}]`, inner);
    // A lone surrogate cannot be percent-encoded as UTF-8: send its replacement, as a browser would.
    else parts.push(`${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(String(v)))}`);
  };
  for (const [key, v] of Object.entries(value)) add(key, v);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** Query strings a parser must survive: bad percent-encoding, NUL, invalid UTF-8, pollution keys. */
export const badQueries: readonly string[] = [
  "?%",
  "?a=%zz",
  "?a=%E0%A4%A",
  "?a=%00",
  "?a=%ED%A0%80",
  "?a=%FF%FE",
  "?&&&=&=",
  "?__proto__[x]=1",
  "?constructor[prototype][x]=1",
  "?a[]=1&a[]=2",
  `?${Array.from({ length: 2000 }, (_, i) => `k${String(i)}=${String(i)}`).join("&")}`,
  `?a=${"x".repeat(8 * KB)}`,
  `?a=${"x".repeat(100 * KB)}`,
];

/* ------------------------------------------------------------------------------------------------
 * Sealing `req` by hand: for what encryptReq cannot make (no curtime, text that is not JSON).
 * ---------------------------------------------------------------------------------------------- */

export function sealBytes(plain: Buffer, base64Key: string, iv: Buffer): string {
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(base64Key, "base64"), iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64");
}

/* ------------------------------------------------------------------------------------------------
 * Sending.
 * ---------------------------------------------------------------------------------------------- */

export interface Probe {
  /** Contract name, or method and path of a non-contract route. */
  readonly endpoint: string;
  readonly kind: MutationKind;
  readonly detail: string;
  readonly auth: "user" | "anon";
  readonly method: string;
  /** Path and query, sent as they are. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  /** Send over a raw socket: header bytes fetch refuses, paths fetch would normalise. */
  readonly raw?: boolean;
  /** What the body means when it cannot be read (a token endpoint's sealed params). */
  readonly note?: string;
}

export interface Answer {
  readonly status: number;
  readonly text: string;
  /** The envelope's business code, when the body is one. */
  readonly code: number | null;
  /** No answer at all (the connection failed or timed out). */
  readonly error?: string;
}

const TIMEOUT_MS = 15_000;

function codeOf(text: string): number | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === "object" && "code" in parsed && typeof parsed.code === "number")
      return parsed.code;
  } catch {
    // Not JSON (a playlist, a segment, an HTML error page): no envelope.
  }
  return null;
}

/** Header values fetch would refuse or quietly change (trimming, bytes past Latin-1). */
function needsRaw(probe: Probe): boolean {
  return (
    probe.raw === true ||
    Object.values(probe.headers).some((v) => v !== v.trim() || !/^[\t\x20-\x7e\x80-\xff]*$/.test(v))
  );
}

/**
 * Send a probe. When a kept-alive connection fails (the server may close one just as the next
 * request goes out on it), the probe is sent again on a fresh connection: only a probe that gets no
 * answer twice counts as unanswered.
 */
export async function send(origin: string, probe: Probe): Promise<Answer> {
  const first = needsRaw(probe) ? await sendRaw(origin, probe) : await sendFetch(origin, probe);
  if (first.error === undefined) return first;
  const again = await sendRaw(origin, probe);
  return again.error === undefined ? again : { ...again, error: `${first.error}; again: ${again.error}` };
}

async function sendFetch(origin: string, probe: Probe): Promise<Answer> {
  try {
    const response = await fetch(`${origin}${probe.path}`, {
      method: probe.method,
      headers: probe.headers,
      ...(probe.body ? { body: probe.body } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, text, code: codeOf(text) };
  } catch (error) {
    return { status: 0, text: "", code: null, error: errorText(error) };
  }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/** HTTP/1.1 by hand, one connection per request, bytes exactly as given. */
function sendRaw(origin: string, probe: Probe): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(TIMEOUT_MS, () => {
      finish({ status: 0, text: "", code: null, error: "timeout" });
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => {
      // A server may answer and close before reading everything (413): keep what it said.
      const answer = parseRaw(Buffer.concat(chunks));
      finish(answer ?? { status: 0, text: "", code: null, error: errorText(error) });
    });
    socket.on("close", () => {
      finish(
        parseRaw(Buffer.concat(chunks)) ?? {
          status: 0,
          text: "",
          code: null,
          error: "closed without an answer",
        },
      );
    });
    socket.on("connect", () => {
      const body = probe.body ?? Buffer.alloc(0);
      const lines = [`${probe.method} ${probe.path} HTTP/1.1`, `Host: ${url.host}`, "Connection: close"];
      for (const [name, value] of Object.entries(probe.headers)) lines.push(`${name}: ${value}`);
      if (probe.body || probe.method !== "GET") lines.push(`Content-Length: ${String(body.length)}`);
      socket.write(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8"), body]));
    });
  });
}

function parseRaw(data: Buffer): Answer | null {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = data.subarray(0, end).toString("latin1");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? "0");
  if (status === 0) return null;
  let body = data.subarray(end + 4);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", at);
      if (lineEnd < 0) break;
      const size = parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  const text = body.toString("utf8");
  return { status, text, code: codeOf(text) };
}

/** Run `work` over `items` with at most `limit` in flight. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A request as a line someone can replay: method, path, headers, body (shortened). */
export function requestText(probe: Probe): string {
  const shorten = (s: string, n: number) =>
    s.length > n ? `${s.slice(0, n)}… (${String(s.length)} chars)` : s;
  const headers = Object.entries(probe.headers)
    .map(([k, v]) => `${k}: ${shorten(visible(v), 80)}`)
    .join("; ");
  const body = probe.body ? ` body ${shorten(visible(probe.body.toString("utf8")), 300)}` : "";
  const note = probe.note ? `\n    ${shorten(visible(probe.note), 300)}` : "";
  return `${probe.method} ${shorten(probe.path, 200)} [${headers}]${body}${note}`;
}
