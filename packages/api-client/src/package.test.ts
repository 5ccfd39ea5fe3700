import { describe, expect, it } from "vitest";
import packageJson from "../package.json";

// Other front-ends import this package: its manifest is part of its contract.
const manifest: {
  dependencies?: Record<string, string>;
  sideEffects?: boolean;
  exports: Record<string, Record<string, string> | string>;
} = packageJson;

describe("@platform/api-client manifest", () => {
  it("exports the main entry and the contract, each with types, ESM and the source condition", () => {
    expect(manifest.exports["."]).toEqual({
      "@platform/source": "./src/index.ts",
      types: "./dist/index.d.ts",
      default: "./dist/index.js",
    });
    expect(manifest.exports["./contract"]).toEqual({
      "@platform/source": "./src/contract/index.ts",
      types: "./dist/contract.d.ts",
      default: "./dist/contract.js",
    });
  });

  it("depends on ky, zod, jsencrypt and the domain rules only, with no React", () => {
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([
      "@platform/domain",
      "jsencrypt",
      "ky",
      "zod",
    ]);
    expect(manifest.sideEffects).toBe(false);
  });
});
