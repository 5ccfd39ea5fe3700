import { GAME_SIGNATURE_HEADER, sandboxGameSecret } from "../src/providers/games/protocol";
import { sign } from "../src/providers/payments/signature";
import { badIds, badNumberClasses, badQueries, describe as describeValue } from "./fuzz";
import type { MutationKind } from "./fuzz";
import type { RouteCases } from "./fuzz-routes";
import { signatureValues } from "./fuzz-values";

/**
 * The fuzz suite's cases for the game's routes that are not in the contract (Step 16, decision
 * 0021): the seamless wallet a provider calls (bad signatures, bodies that are not JSON, then
 * validly signed bodies with bad fields: a leaked secret must not reach a 500 either), and the
 * sandbox provider's and customer service's pages (bad tokens, seats, forms and queries). A
 * well-formed bet is of the most a bet may be, more than the fuzzing person holds: refused (402),
 * so nothing moves (the suite checks the balances after).
 */
export function gameRouteCases(routes: RouteCases): void {
  const { server, fx, own, plain, both } = routes;
  const secret = sandboxGameSecret(server.ctx.secrets.signingKey);
  const json = { "content-type": "application/json" };
  const signed = (raw: string): Record<string, string> => ({
    ...json,
    [GAME_SIGNATURE_HEADER]: sign(secret, raw, new Date()),
  });

  const wallet = "POST /api/game/wallet/:call";
  if (own(wallet, "POST", "/api/game/wallet/:call")) {
    const call = (
      kind: MutationKind,
      group: string,
      detail: string,
      path: string,
      raw: string,
      headers = signed(raw),
    ) => {
      plain(wallet, kind, group, detail, ["anon"], () => ({
        method: "POST",
        path,
        headers,
        body: Buffer.from(raw),
      }));
    };
    // The most a bet may be: more than anyone here holds, so even a well-formed one moves nothing.
    const bet = { playerId: fx.userId, gameCode: "dice", transactionId: "fuzz-1", amount: 100_000_000 };
    const bodies: Record<string, Record<string, unknown>> = {
      session: { token: "1.dice.9999999999.AAAAAAAAAAAAAAAA.BBBB" },
      balance: { playerId: fx.userId },
      bet,
      win: { ...bet, transactionId: "fuzz-1:win", betTransactionId: "fuzz-1" },
    };
    for (const [name, body] of Object.entries(bodies)) {
      const path = `/api/game/wallet/${name}`;
      call("baseline", "baseline", `${name}: valid request`, path, JSON.stringify(body));
      // The signature: none, garbage, another secret's, stale, a signature of another body.
      for (const [detail, header] of signatureValues(secret, JSON.stringify(body))) {
        call("headers", "headers:signature", `${name}: ${detail}`, path, JSON.stringify(body), {
          ...json,
          ...(header === undefined ? {} : { [GAME_SIGNATURE_HEADER]: header }),
        });
      }
      // Signed, but not JSON, or JSON of the wrong shape.
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
        call("notJson", "notJson", `${name}: ${describeValue(raw)}`, path, raw);
      // Signed, each field replaced by what it must refuse.
      for (const field of Object.keys(body)) {
        const values: readonly unknown[] = [
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
          "../../etc/passwd",
        ];
        // A whole amount below the bound is a bet the player can pay (the bad ids' 42 was one, and
        // moved 0.42 of gold when a seed picked it): not a bad value.
        const payable = (value: unknown) =>
          field === "amount" &&
          Number.isSafeInteger(value) &&
          (value as number) > 0 &&
          (value as number) < bet.amount;
        for (const value of values.filter((v) => !payable(v))) {
          const raw = JSON.stringify({ ...body, [field]: value });
          call("wrongType", `wrongType:${field}`, `${name}: ${field}=${describeValue(value)}`, path, raw);
        }
      }
    }
    for (const name of ["nothing", "__proto__", "constructor", "toString", "%00", "bet%2F..", "BET"])
      call("path", "path:call", `call=${name}`, `/api/game/wallet/${name}`, JSON.stringify(bet));
  }

  const launch = "GET /sandbox/game/play";
  if (own(launch, "GET", "/sandbox/game/play")) {
    for (const query of [
      "",
      "?token=",
      "?token=x",
      `?token=${"1.".repeat(4000)}`,
      "?token=1.dice.9999999999.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
      "?token=%00&lang=xx",
      "?token=a&token=b",
      "?return=javascript:alert(1)&token=x",
      ...badQueries,
    ]) {
      plain(launch, "query", "query", query.slice(0, 60), both, () => ({
        method: "GET",
        path: `/sandbox/game/play${query}`,
        headers: {},
      }));
    }
  }

  const round = "POST /sandbox/game/play";
  if (own(round, "POST", "/sandbox/game/play")) {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const seat = {
      lang: "zh_CN",
      player: fx.userId,
      game: "dice",
      back: "/game",
      until: "9999999999",
      seat: "x",
      round: "r",
    };
    for (const [detail, raw, type] of [
      ["forged seat", form({ ...seat, bet: "1.00" }), "application/x-www-form-urlencoded"],
      ["no fields", "", "application/x-www-form-urlencoded"],
      ["bad encoding", "a=%zz&b=%E0%A4%A", "application/x-www-form-urlencoded"],
      ["proto keys", "__proto__[x]=1&constructor[prototype][x]=1", "application/x-www-form-urlencoded"],
      ["huge bet", form({ ...seat, bet: "9".repeat(10_000) }), "application/x-www-form-urlencoded"],
      ["NUL", form({ ...seat, bet: "1\u0000" }), "application/x-www-form-urlencoded"],
      ["json", JSON.stringify(seat), "application/json"],
      ["text", "bet=1", "text/plain"],
      ["huge body", `bet=${"1".repeat(2_000_000)}`, "application/x-www-form-urlencoded"],
    ] as const) {
      plain(round, "hugeBody", "form", detail, both, () => ({
        method: "POST",
        path: "/sandbox/game/play",
        headers: { "content-type": type },
        body: Buffer.from(raw),
      }));
    }
  }

  for (const [endpoint, path] of [
    ["GET /sandbox/game/table", "/sandbox/game/table"],
    ["GET /sandbox/support", "/sandbox/support"],
  ] as const) {
    if (!own(endpoint, "GET", path)) continue;
    for (const query of [
      "",
      "?lang=en_US",
      `?lang=zh_CN&player=${fx.userId}&game=dice&back=/game&until=9999999999&seat=x&note=won.6.100&nsig=x`,
      "?until=1e400&seat=&note=%00",
      "?note=won.6.99999999999999999999",
      ...badQueries,
    ]) {
      plain(endpoint, "query", "query", query.slice(0, 60), both, () => ({
        method: "GET",
        path: `${path}${query}`,
        headers: {},
      }));
    }
  }
}
