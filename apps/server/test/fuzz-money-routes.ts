import { sign } from "../src/providers/payments/signature";
import { sandboxSecret } from "../src/providers/payments/sandbox-secret";
import { badIds, badNumberClasses, describe as describeValue } from "./fuzz";
import type { MutationKind } from "./fuzz";
import type { RouteCases } from "./fuzz-routes";
import { signatureValues } from "./fuzz-values";

/**
 * The fuzz suite's cases for the payment providers' notifications (Step 17, decision 0023): not in
 * the contract, signed by a provider. Channel names that are no channel (the object prototype's
 * keys among them), bad signatures, bodies that are not JSON or not of the notification's shape —
 * validly signed too, since a leaked secret must not reach a 500 either — and bodies the route
 * refuses unread (too large, form-encoded, XML). The orders they name do not exist, so nothing
 * moves whatever a body says (the suite checks the balances after).
 */
export function moneyRouteCases(routes: RouteCases): void {
  const { server, plain } = routes;
  const notify = "POST /api/trade/notify/:channel";
  if (!routes.own(notify, "POST", "/api/trade/notify/:channel")) return;
  const secret = sandboxSecret(server.ctx.secrets.signingKey, "bank");
  const json = { "content-type": "application/json" };
  const signed = (raw: string): Record<string, string> => ({
    ...json,
    "x-pay-signature": sign(secret, raw, new Date()),
  });
  const call = (
    kind: MutationKind,
    group: string,
    detail: string,
    path: string,
    raw: string,
    headers: Record<string, string> = signed(raw),
  ) => {
    plain(notify, kind, group, detail, ["anon"], () => ({
      method: "POST",
      path,
      headers,
      body: Buffer.from(raw),
    }));
  };
  const body = {
    eventId: "fuzz-event",
    type: "payment",
    merchantOrder: "R00000000000000000001",
    status: "PAID",
    paidAmount: 1000,
    failureCode: null,
  };
  const path = "/api/trade/notify/bank";
  call("baseline", "baseline", "an unknown order, validly signed", path, JSON.stringify(body));
  call(
    "baseline",
    "baseline",
    "a payout of an unknown order",
    path,
    JSON.stringify({ ...body, type: "payout", merchantOrder: "W00000000000000000001" }),
  );
  for (const channel of [
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "prototype",
    "isPrototypeOf",
    "BANK",
    "%00",
    "bank%2F..",
    "x".repeat(300),
  ])
    call(
      "path",
      "path:channel",
      `channel=${channel.slice(0, 20)}`,
      `/api/trade/notify/${channel}`,
      JSON.stringify(body),
    );
  for (const [detail, header] of signatureValues(secret, JSON.stringify(body))) {
    call("headers", "headers:signature", detail, path, JSON.stringify(body), {
      ...json,
      ...(header === undefined ? {} : { "x-pay-signature": header }),
    });
  }
  for (const raw of [
    "",
    "{",
    "null",
    "[]",
    '"x"',
    "1e400",
    "{}",
    '{"__proto__":{"x":1}}',
    "x".repeat(100_000),
  ])
    call("notJson", "notJson", describeValue(raw), path, raw);
  for (const field of Object.keys(body)) {
    for (const value of [
      ...badIds,
      ...Object.values(badNumberClasses).flat(),
      null,
      true,
      [],
      {},
      "",
      "x".repeat(10_000),
      "a\u0000b",
      "\ud800",
    ]) {
      const raw = JSON.stringify({ ...body, [field]: value });
      call("wrongType", `wrongType:${field}`, `${field}=${describeValue(value)}`, path, raw);
    }
  }
  // Refused before the handler reads them: each answers its own status, never a 2xx.
  for (const [detail, type, raw] of [
    ["form", "application/x-www-form-urlencoded", "eventId=1&status=PAID"],
    ["xml", "application/xml", "<notify><status>PAID</status></notify>"],
    ["text", "text/plain", JSON.stringify(body)],
    ["huge", "application/json", `{"pad":"${"x".repeat(1024 * 1024 + 10)}"}`],
  ] as const)
    call("contentType", "contentType", detail, path, raw, { "content-type": type });
}
