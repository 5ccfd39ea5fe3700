import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpPaymentProvider } from "./http-provider";

/** A provider whose next answers are scripted: "drop" closes the socket, a number is that status. */
const script: ("drop" | number)[] = [];
const seen: string[] = [];
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  seen.push(`${String(request.method)} ${String(request.url)}`);
  const next = script.shift() ?? 200;
  if (next === "drop") {
    request.socket.destroy();
    return;
  }
  response.writeHead(next, { "content-type": "application/json" });
  response.end(JSON.stringify(next === 200 ? { balance: 1234, valid: true } : { error: "no" }));
});
let provider: HttpPaymentProvider;
/** What the provider told of its failures (the metrics' provider_errors_total). */
const failures: string[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  provider = new HttpPaymentProvider(
    "eepay",
    () => `http://127.0.0.1:${String(port)}`,
    "s".repeat(32),
    true,
    () => new Date(),
    (provider, kind) => failures.push(`${provider}:${kind}`),
  );
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    }),
);

describe("HttpPaymentProvider", () => {
  it("asks a read once more when the connection drops or the provider answers 5xx", async () => {
    seen.length = 0;
    failures.length = 0;
    script.push("drop");
    expect(await provider.walletBalance("acct-1")).toBe(1234);
    script.push(503);
    expect(await provider.walletBalance("acct-1")).toBe(1234);
    expect(seen).toEqual(Array(4).fill("GET /wallets/acct-1"));
    // Each failed call is told, even those a retry made good.
    expect(failures).toEqual(["eepay:unreachable", "eepay:5xx"]);
  });

  it("gives up after the second failure, and never repeats a refusal (4xx)", async () => {
    seen.length = 0;
    script.push(502, 502);
    await expect(provider.walletBalance("acct-2")).rejects.toThrow(/answered 502/);
    script.push(401);
    await expect(provider.walletBalance("acct-2")).rejects.toThrow(/answered 401/);
    expect(seen).toHaveLength(3);
  });

  it("never repeats a write: a payment or payout could be made twice", async () => {
    seen.length = 0;
    script.push("drop");
    await expect(
      provider.verifyCard({ number: "4111111111111111", holder: "A B", bank: "X" }),
    ).rejects.toThrow();
    expect(seen).toEqual(["POST /cards/verify"]);
  });
});
