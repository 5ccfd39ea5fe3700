import { describe, expect, it } from "vitest";
import { harness, rejection, serveThisFile, server, signedIn } from "../test/client-harness";
import { ok, reply } from "../test/platform-server";

// Answers that are not a success (spec §8), and calls that are cancelled.
serveThisFile();

describe("envelope and errors (spec §8)", () => {
  it("8888 with invalid_grant in a 200 ends the session, with no toast", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 200, { code: 8888, msg: "expired", data: "invalid_grant" });
    });
    const { api, errors, expired } = harness({}, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error).toMatchObject({ kind: "sessionExpired", code: 8888, data: "invalid_grant" });
    expect(error.messageKey).toBe("error.sessionExpired");
    expect(expired).toEqual(["invalid_grant"]);
    expect(errors).toEqual([]);
  });

  it("8888 with invalid_request in an error body does the same", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 400, { code: 8888, msg: "bad", data: "invalid_request" });
    });
    const { api, expired } = harness({}, signedIn);
    expect((await rejection(api.user.queryInfo())).kind).toBe("sessionExpired");
    expect(expired).toEqual(["invalid_request"]);
  });

  it("8888 with another reason is an ordinary business error", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 200, { code: 8888, msg: "something else", data: "other" });
    });
    const { api, errors, expired } = harness({}, signedIn);
    expect(await rejection(api.user.queryInfo())).toMatchObject({ kind: "business", msg: "something else" });
    expect(expired).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it("a code other than 200 in a 200: the msg is toasted and the call fails", async () => {
    server.on("/substance/app/favorite/createFavorite", (_, res) => {
      reply(res, 200, { code: 4100, msg: "名称已存在", data: null });
    });
    const { api, errors } = harness({}, signedIn);
    const error = await rejection(api.substance.createFavorite({ name: "收藏夹" }));
    expect(error).toMatchObject({ kind: "business", code: 4100, msg: "名称已存在", status: 200 });
    expect(errors).toEqual([error]);
  });

  it("a refusal's msgKey and msgValues reach the error; a malformed key is dropped", async () => {
    server.on("/third/app/sms/sendValidateCode", (_, res) => {
      reply(res, 200, {
        code: 429,
        msg: "验证码发送过于频繁，请 47 秒后再试",
        data: { retryAfterSeconds: 47 },
        msgKey: "server.smsTooSoon",
        msgValues: { seconds: 47, bad: { nested: true } },
      });
    });
    server.on("/substance/app/favorite/createFavorite", (_, res) => {
      reply(res, 200, { code: 400, msg: "x", data: { retryAfterSeconds: "soon" }, msgKey: "<script>" });
    });
    const { api } = harness({}, signedIn);
    const tooSoon = await rejection(api.sendSmsCode("13800000001"));
    expect(tooSoon).toMatchObject({ msgKey: "server.smsTooSoon", msgValues: { seconds: 47 } });
    expect(tooSoon.retryAfterSeconds).toBe(47);
    const odd = await rejection(api.substance.createFavorite({ name: "收藏夹" }));
    expect(odd.msgKey).toBeNull();
    expect(odd.msgValues).toEqual({});
    expect(odd.retryAfterSeconds).toBeNull();
  });

  it("a quiet call fails without telling the host (background calls such as tracking)", async () => {
    server.on("/tracking/app/event/tracking/reportNew", (_, res) => {
      reply(res, 500, {}, "Internal Server Error");
    });
    const { api, errors } = harness({}, signedIn);
    const error = await rejection(api.track({ event: "page_view", page: "/home", options: { quiet: true } }));
    expect(error).toMatchObject({ kind: "http", status: 500 });
    expect(errors).toEqual([]);
    await rejection(api.track({ event: "page_view", page: "/home" }));
    expect(errors).toHaveLength(1);
  });

  it("HTTP 500 shows its status text, or 'system error' when there is none", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 500, { code: 500, msg: "stack trace here", data: null }, "Internal Server Error");
    });
    const { api, errors } = harness({}, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error).toMatchObject({ kind: "http", status: 500, msg: "Internal Server Error" });
    expect(errors).toEqual([error]);
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 500, {}, " ");
    });
    const bare = await rejection(api.user.queryInfo());
    expect(bare.msg.trim()).toBe("");
    expect(bare.messageKey).toBe("error.system");
  });

  it("another error status shows the body's msg", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 403, { code: 403, msg: "forbidden here", data: null });
    });
    const { api } = harness({}, signedIn);
    expect(await rejection(api.user.queryInfo())).toMatchObject({
      kind: "http",
      status: 403,
      msg: "forbidden here",
    });
  });

  it("an answer that is not JSON is a system error", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      res.end("<html>gateway</html>");
    });
    const { api } = harness({}, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error.kind).toBe("http");
    expect(error.messageKey).toBe("error.system");
  });

  it("network errors are reported with their kind", async () => {
    const { api, errors } = harness({ baseUrl: "http://127.0.0.1:9" }, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error.kind).toBe("network");
    expect(error.messageKey).toBe("error.network");
    expect(errors).toEqual([error]);
  });

  it("a call that takes longer than the timeout fails as a timeout", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      setTimeout(() => {
        ok(res, {});
      }, 1000);
    });
    const { api, errors } = harness({ timeoutMs: 150 }, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error.kind).toBe("timeout");
    expect(error.messageKey).toBe("error.timeout");
    expect(errors).toEqual([error]);
  });
});

describe("cancellation", () => {
  it("an aborted call rejects as cancelled and nobody is told", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      setTimeout(() => {
        ok(res, {});
      }, 500);
    });
    const { api, errors } = harness({ minimumResponseMs: 300 }, signedIn);
    const controller = new AbortController();
    const pending = api.user.queryInfo(undefined, { signal: controller.signal });
    setTimeout(() => {
      controller.abort();
    }, 50);
    const started = Date.now();
    const error = await rejection(pending);
    expect(error.kind).toBe("cancelled");
    expect(error.shouldNotify).toBe(false);
    expect(errors).toEqual([]);
    // A cancelled call does not wait for the floor.
    expect(Date.now() - started).toBeLessThan(300);
  });

  it("a new first-page getVideoList aborts the earlier in-flight one", async () => {
    server.on("/substance/app/substance-online/getVideoList", (req, res) => {
      const body = req.body as { sort: string };
      setTimeout(() => {
        ok(res, { records: [], total: 0, current: 1, size: 10, sort: body.sort });
      }, 200);
    });
    const { api, errors } = harness({}, signedIn);
    const first = api.substance.getVideoList({ current: 1, size: 10, sort: "default" });
    await new Promise((r) => setTimeout(r, 30));
    const second = api.substance.getVideoList({ current: 1, size: 10, sort: "mostPlays" });
    const error = await rejection(first);
    expect(error.kind).toBe("cancelled");
    await expect(second).resolves.toMatchObject({ sort: "mostPlays" });
    expect(errors).toEqual([]);
    await new Promise((r) => setTimeout(r, 250));
    expect(server.to("/substance/app/substance-online/getVideoList")[0]?.closedEarly).toBe(true);
  });

  it("a later page does not cancel, and search substance cancels on its own first page", async () => {
    server.on("/search/app/search/substance", (req, res) => {
      setTimeout(() => {
        ok(res, req.body);
      }, 120);
    });
    const { api } = harness({}, signedIn);
    const page1 = api.search.substance({ keyword: "猫", current: 1 });
    const page2 = api.search.substance({ keyword: "猫", current: 2 });
    await expect(Promise.all([page1, page2])).resolves.toHaveLength(2);
    const older = api.search.substance({ keyword: "猫", current: 2 });
    const fresh = api.search.substance({ keyword: "狗", current: 1 });
    expect((await rejection(older)).kind).toBe("cancelled");
    await expect(fresh).resolves.toMatchObject({ keyword: "狗" });
  });

  it("the caller's own signal still works on first-page endpoints", async () => {
    server.on("/substance/app/substance-online/getVideoList", (_, res) => {
      setTimeout(() => {
        ok(res, { records: [], total: 0, current: 1, size: 10 });
      }, 300);
    });
    const { api } = harness({}, signedIn);
    const controller = new AbortController();
    const call = api.substance.getVideoList({ current: 1 }, { signal: controller.signal });
    controller.abort();
    expect((await rejection(call)).kind).toBe("cancelled");
  });
});
