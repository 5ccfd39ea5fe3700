import { adminAccess, adminEndpointNames, mayDo, operatorRoles } from "@platform/api-client/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { operator, rawAdmin } from "../../../test/admin";
import { ordinaryAccount } from "../../../test/social";

/**
 * Every `/api/admin/` call × {no token, an app user's token, each role} (Step 22): 401 without an
 * operator session, 403 for an app user and for a role without the call's area, and for a role
 * with it an answer that is not a refusal of who asks (the body may still be refused: 400, 404,
 * 409 — the call was let through to its rules).
 */
eachDatabase("who may call the console", (target) => {
  let platform: TestPlatform;
  let appToken: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    platform = await startSeeded(target);
    const user = await signIn(platform, ordinaryAccount);
    appToken = user.api.client.storage.get("accessToken") ?? "";
    expect(appToken).not.toBe("");
    for (const role of operatorRoles) tokens.set(role, (await operator(platform, role)).token);
  });
  afterAll(() => platform.close());

  /** A body each call accepts or refuses by its own rules (ids that exist nowhere). */
  const bodyOf = (name: string): Record<string, unknown> =>
    name === "auth.signIn"
      ? { login: "nobody", password: "x" }
      : { videoId: "999999", userId: "999999", roomId: "999999", messageId: "999999", id: "999999" };

  const calls = adminEndpointNames.filter((name) => adminAccess[name] !== "public");

  it("every call but signing in answers 401 without a token, and 403 to an app user's token", async () => {
    for (const name of calls) {
      const none = await rawAdmin(platform, name, bodyOf(name), null);
      expect([name, none.status]).toEqual([name, 401]);
      const app = await rawAdmin(platform, name, bodyOf(name), appToken);
      expect([name, app.status, app.body.msgKey]).toEqual([name, 403, "server.operatorAppToken"]);
    }
  });

  it("each role reaches exactly its areas (a reviewer cannot move money)", async () => {
    for (const role of operatorRoles) {
      const token = tokens.get(role) ?? "";
      for (const name of calls) {
        const access = adminAccess[name];
        const allowed = access === "operator" || (access !== "public" && mayDo(role, access));
        if (name === "auth.signOut") continue; // it would end this role's session
        const answer = await rawAdmin(platform, name, bodyOf(name), token);
        if (allowed)
          expect([role, name, [401, 403].includes(answer.status) || answer.status >= 500]).toEqual([
            role,
            name,
            false,
          ]);
        else
          expect([role, name, answer.status, answer.body.msgKey]).toEqual([
            role,
            name,
            403,
            "server.operatorNotAllowed",
          ]);
      }
    }
  });

  describe("the review's media", () => {
    it("plays only for an operator who may review", async () => {
      const url = (token: string) => `${platform.server.origin}/api/admin/media/1/240p.m3u8?token=${token}`;
      expect((await fetch(url("x".repeat(32)))).status).toBe(401);
      expect((await fetch(url(appToken))).status).toBe(403);
      expect((await fetch(url(tokens.get("finance") ?? ""))).status).toBe(403);
      expect([200, 404]).toContain((await fetch(url(tokens.get("reviewer") ?? ""))).status);
    });
  });
});
