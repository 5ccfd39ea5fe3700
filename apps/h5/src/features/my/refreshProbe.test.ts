import { memoryStorage } from "@platform/api-client";
import { Language, StorageKey } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { probeRefresh } from "./refreshProbe";

const config = () => ({
  clientId: "h5",
  clientSecret: "secret",
  reqKey: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
  sandbox: false,
});

const origin = "http://platform.test";

const fresh = {
  access_token: "access-new",
  refresh_token: "refresh-new",
  token_type: "bearer",
  expires_in: 3600,
  scope: "server",
  user_info: null,
};

/** A server answering every call with `body` (and `status`), keeping what was asked. */
function server(body: unknown, status = 200) {
  const requests: Request[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    );
  };
  return { requests, fetch };
}

describe("probeRefresh", () => {
  const session = memoryStorage({
    [StorageKey.language]: Language.enUS,
    [StorageKey.accessToken]: "current",
  });

  it("refreshes with a client of its own, in the reader's language, and gives the new credentials", async () => {
    const fake = server({ code: 200, msg: "", data: fresh });
    const outcome = await probeRefresh(session, { config, baseUrl: origin, fetch: fake.fetch })(
      "refresh-old",
    );
    expect(outcome).toEqual({ kind: "ok", credentials: fresh });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.url).toBe(`${origin}/api/auth/h5/token/new/refresh`);
    expect(request?.headers.get("language")).toBe("en_US");
    expect(request?.headers.get("authorization")).toMatch(/^Basic /);
    // The signed-in session is not touched.
    expect(session.get(StorageKey.accessToken)).toBe("current");
  });

  it("takes the end of the account's session (8888 invalid_grant) for a refusal", async () => {
    const fake = server({ code: 8888, msg: "", data: "invalid_grant" });
    expect(
      await probeRefresh(session, { config, baseUrl: origin, fetch: fake.fetch })("refresh-revoked"),
    ).toEqual({
      kind: "refused",
    });
  });

  it("rejects when no answer came (the account is kept)", async () => {
    const fake = server("Bad gateway", 502);
    await expect(
      probeRefresh(session, { config, baseUrl: origin, fetch: fake.fetch })("refresh-old"),
    ).rejects.toMatchObject({
      kind: "http",
    });
  });
});
