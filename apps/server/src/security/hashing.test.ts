import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_HASH_COST, hashPassword, sha256, verifyPassword } from "./hashing";

describe("password hashes", () => {
  it("are scrypt at 2^15 by default, salted, and verify only the same password", async () => {
    expect(DEFAULT_HASH_COST).toBe(15);
    const stored = await hashPassword("密码abc123");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await hashPassword("密码abc123")).not.toBe(stored);
    expect(await verifyPassword("密码abc123", stored)).toBe(true);
    expect(await verifyPassword("密码abc124", stored)).toBe(false);
  });

  it("keep their own cost: a hash made at another cost still verifies", async () => {
    const cheap = await hashPassword("demo123456", 12);
    const dear = await hashPassword("demo123456", 16);
    expect(cheap).toMatch(/^scrypt\$4096\$/);
    expect(dear).toMatch(/^scrypt\$65536\$/);
    expect(await verifyPassword("demo123456", cheap)).toBe(true);
    expect(await verifyPassword("demo123456", dear)).toBe(true);
    expect(await verifyPassword("demo123456", "bcrypt$whatever")).toBe(false);
  });
});

describe("token hashes", () => {
  it("are SHA-256 in hex, as stored in the database", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("令牌")).toBe(createHash("sha256").update("令牌").digest("hex"));
  });
});
