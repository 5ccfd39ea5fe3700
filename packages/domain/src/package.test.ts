import { describe, expect, it } from "vitest";
import packageJson from "../package.json";

// The package is published for other front-ends: its manifest is part of its contract.
const manifest: {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  sideEffects?: boolean;
  exports: Record<string, Record<string, string> | string>;
} = packageJson;

describe("@platform/domain manifest", () => {
  it("has no runtime dependencies", () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
  });

  it("exports one entry with types, ESM and the workspace source condition", () => {
    expect(manifest.exports["."]).toEqual({
      "@platform/source": "./src/index.ts",
      types: "./dist/index.d.ts",
      default: "./dist/index.js",
    });
  });

  it("is free of side effects, so bundlers keep only what is used", () => {
    expect(manifest.sideEffects).toBe(false);
  });
});
