import { describe, expect, it } from "vitest";
import { databaseCode, describeDatabaseError, isDatabaseAway } from "./errors";

/** An error as drizzle throws it: its own message, the driver's error as `cause`. */
function wrapped(cause: object): Error {
  return new Error("Failed query: select 1", { cause });
}

describe("what a database error says", () => {
  it("finds PostgreSQL's code through drizzle's wrapping", () => {
    expect(databaseCode(wrapped({ code: "40P01", message: "deadlock detected" }))).toBe("40P01");
    expect(databaseCode(new Error("plain"))).toBeNull();
  });

  it("tells a database that is away from one that refused the statement", () => {
    for (const away of [
      wrapped({ code: "57P01", message: "terminating connection due to administrator command" }),
      wrapped({ code: "08006", message: "connection failure" }),
      wrapped({ code: "53300", message: "too many connections" }),
      wrapped(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ])
      expect(isDatabaseAway(away), String(away)).toBe(true);
    for (const refused of [
      wrapped({ code: "23505", message: "duplicate key value violates unique constraint" }),
      wrapped({ code: "40001", message: "could not serialize access" }),
      new Error("no handler for x"),
      "a string",
      null,
    ])
      expect(isDatabaseAway(refused)).toBe(false);
  });

  it("describes an error with the database's message, code and detail in one line", () => {
    const error = new Error("migrating the database failed", {
      cause: wrapped({
        code: "42P07",
        message: 'relation "users" already exists',
        detail: "in schema public",
      }),
    });
    expect(describeDatabaseError(error)).toBe(
      'migrating the database failed Failed query: select 1 relation "users" already exists (code 42P07) in schema public',
    );
  });
});
