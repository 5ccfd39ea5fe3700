import { describe, expect, it } from "vitest";
import type { Db } from "./database";
import { databaseCode } from "./errors";
import { TRANSACT_ATTEMPTS, isRetryable, transact } from "./transaction";

/** A database whose transactions fail with `codes` in turn, then run the work. */
function failing(codes: readonly (string | null)[]) {
  let calls = 0;
  const db = {
    transaction: async <T>(work: (tx: unknown) => Promise<T>) => {
      const code = codes[calls++];
      if (code !== undefined) {
        // As drizzle wraps a driver's error: the code on its cause.
        throw Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("db"), { code }) });
      }
      return work({});
    },
  };
  return { db: db as unknown as Db, calls: () => calls };
}

describe("transact", () => {
  it("runs a transaction again after a deadlock or a serialisation failure, and answers its result", async () => {
    const { db, calls } = failing(["40P01", "40001", "40P01"]);
    const retried: number[] = [];
    await expect(
      transact(db, () => Promise.resolve("done"), { onRetry: (_e, attempt) => retried.push(attempt) }),
    ).resolves.toBe("done");
    expect(calls()).toBe(4);
    expect(retried).toEqual([1, 2, 3]);
  });

  it("gives up after TRANSACT_ATTEMPTS, with the database's error", async () => {
    const { db, calls } = failing(Array.from({ length: 10 }, () => "40P01"));
    const error: unknown = await transact(db, () => Promise.resolve("never")).catch((e: unknown) => e);
    expect(databaseCode(error)).toBe("40P01");
    expect(isRetryable(error)).toBe(true);
    expect(calls()).toBe(TRANSACT_ATTEMPTS);
  });

  it("never runs again what failed otherwise (a constraint, a refusal)", async () => {
    const { db, calls } = failing(["23505"]);
    await expect(transact(db, () => Promise.resolve("x"))).rejects.toThrow("Failed query");
    expect(calls()).toBe(1);
    const refused = failing([]);
    await expect(transact(refused.db, () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(refused.calls()).toBe(1);
    expect(isRetryable(new Error("no code"))).toBe(false);
    expect(databaseCode({ code: "not-a-code" })).toBeNull();
  });
});
