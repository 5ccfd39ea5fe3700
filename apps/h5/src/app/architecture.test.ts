import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Where the app's server state lives (docs/decisions/0029), checked over the source: each rule
 * lists the files that break it. The rules are plain functions of a file's path (from src/) and
 * text, so the cases below show each one fires.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), "..");

interface SourceFile {
  /** From src/, with forward slashes ("features/trade/TradeScreen.tsx"). */
  readonly path: string;
  readonly text: string;
}

function sourceFiles(dir = src): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!/\.tsx?$/.test(entry.name) || entry.name === "routeTree.gen.ts") return [];
    const path = relative(src, full).split("\\").join("/");
    // This file quotes the patterns it looks for.
    if (path === "app/architecture.test.ts") return [];
    return [{ path, text: readFileSync(full, "utf8") }];
  });
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)test\//.test(path);

/** What a file imports (static, dynamic, re-exports), resolved from src/ when relative. */
function importsOf({ path, text }: SourceFile): string[] {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1] ?? "");
  return specifiers.map((s) => (s.startsWith(".") ? posix.join(posix.dirname(path), s) : s));
}

/** A screen or component (non-test .tsx) working the query cache or a mutation itself. */
function cacheWorkInComponent(file: SourceFile): boolean {
  if (!file.path.endsWith(".tsx") || isTest(file.path)) return false;
  return /\buseMutation\s*\(|\binvalidateQueries\b|\buseQueryClient\s*\(/.test(file.text);
}

/** A feature other than the 'my' panel importing from features/my/ (the session is app/session/). */
function reachesIntoMyPanel(file: SourceFile): boolean {
  if (!file.path.startsWith("features/") || file.path.startsWith("features/my/")) return false;
  return importsOf(file).some((target) => target.startsWith("features/my/") || target === "features/my");
}

/** The router's context read anywhere but useApi(). */
function readsRouterContext(file: SourceFile): boolean {
  return file.path !== "app/useApi.ts" && /\.options\.context\b/.test(file.text);
}

/**
 * Where mutation hooks may live: a feature's queries (or queries/ folder, or mutations.ts), and
 * the one shared builder those hooks call (app/useApiMutation.ts).
 */
const mutationHomes =
  /^(features\/[^/]+\/(queries\.ts|queries\/[^/]+\.ts|mutations\.ts)|app\/useApiMutation\.ts)$/;

/** useMutation called outside a queries file (a screen's own hook file, say). */
function mutationOutsideQueries(file: SourceFile): boolean {
  if (isTest(file.path) || mutationHomes.test(file.path)) return false;
  return /\buseMutation\s*\(/.test(file.text);
}

/** app/ and components/ are below the features: they import none (the root route mounts them). */
function sharedImportsFeature(file: SourceFile): boolean {
  if (!/^(app|components)\//.test(file.path) || isTest(file.path)) return false;
  return importsOf(file).some((target) => target.startsWith("features/"));
}

const files = sourceFiles();
const breaking = (rule: (file: SourceFile) => boolean) => files.filter(rule).map((file) => file.path);

describe("where the app's server state lives (decision 0029)", () => {
  it("reads a real source tree", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((file) => file.path === "app/useApi.ts")).toBe(true);
  });

  it("no screen or component mutates, invalidates or holds the query client itself", () => {
    expect(breaking(cacheWorkInComponent)).toEqual([]);
  });

  it("mutation hooks live in the features' queries files", () => {
    expect(breaking(mutationOutsideQueries)).toEqual([]);
  });

  it("no feature imports features/my/ (the signed-in person's data is app/session/)", () => {
    expect(breaking(reachesIntoMyPanel)).toEqual([]);
  });

  it("only useApi() reads the router's context", () => {
    expect(breaking(readsRouterContext)).toEqual([]);
  });

  it("app/ and components/ import no feature", () => {
    expect(breaking(sharedImportsFeature)).toEqual([]);
  });
});

describe("each rule fires", () => {
  const file = (path: string, text: string): SourceFile => ({ path, text });

  it("on a screen with its own mutation, invalidation or query client", () => {
    expect(cacheWorkInComponent(file("features/a/A.tsx", "const m = useMutation({});"))).toBe(true);
    expect(cacheWorkInComponent(file("features/a/A.tsx", "void qc.invalidateQueries({});"))).toBe(true);
    expect(cacheWorkInComponent(file("components/B.tsx", "const qc = useQueryClient();"))).toBe(true);
    expect(cacheWorkInComponent(file("features/a/A.test.tsx", "useMutation({})"))).toBe(false);
    expect(cacheWorkInComponent(file("features/a/A.tsx", "const m = useSaveMutation();"))).toBe(false);
  });

  it("on useMutation outside a queries file", () => {
    expect(mutationOutsideQueries(file("features/a/useThing.ts", "useMutation({})"))).toBe(true);
    expect(mutationOutsideQueries(file("app/session/queries.ts", "useMutation({})"))).toBe(true);
    expect(mutationOutsideQueries(file("features/a/queries.ts", "useMutation({})"))).toBe(false);
    expect(mutationOutsideQueries(file("features/a/queries/b.ts", "useMutation({})"))).toBe(false);
    expect(mutationOutsideQueries(file("features/a/mutations.ts", "useMutation({})"))).toBe(false);
  });

  it("on a feature importing features/my, statically or lazily", () => {
    expect(reachesIntoMyPanel(file("features/a/A.tsx", 'import { x } from "../my/queries";'))).toBe(true);
    expect(reachesIntoMyPanel(file("features/a/b/B.ts", 'await import("../../my/accounts");'))).toBe(true);
    expect(reachesIntoMyPanel(file("features/my/A.tsx", 'import { x } from "./queries";'))).toBe(false);
    expect(reachesIntoMyPanel(file("features/a/A.tsx", 'import { x } from "../mybuy/q";'))).toBe(false);
    expect(reachesIntoMyPanel(file("routes/__root.tsx", 'import { P } from "../features/my/P";'))).toBe(
      false,
    );
  });

  it("on the router's context read outside useApi()", () => {
    expect(readsRouterContext(file("features/a/A.tsx", "const { api } = useRouter().options.context;"))).toBe(
      true,
    );
    expect(readsRouterContext(file("app/useApi.ts", "return useRouter().options.context.api;"))).toBe(false);
  });

  it("on app/ or components/ importing a feature", () => {
    expect(sharedImportsFeature(file("components/A.tsx", 'import { x } from "../features/a/x";'))).toBe(true);
    expect(sharedImportsFeature(file("app/session/b.ts", 'import { x } from "../../features/a/x";'))).toBe(
      true,
    );
    expect(sharedImportsFeature(file("app/b.ts", 'import { x } from "./session/queries";'))).toBe(false);
  });
});
