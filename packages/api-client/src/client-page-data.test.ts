import { StorageKey, deviceTimeZoneHeader } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { answerKey, pageDataBlock, readPageData } from "./contract/page-data";
import {
  PAGE_DATA_PATHS,
  encodePageSession,
  pageSessionCookies,
  pageSessionOf,
  pageSessionOfClient,
} from "./contract/page-session";
import { harness, serveThisFile, server, signedIn } from "../test/client-harness";
import { ok } from "../test/platform-server";

// The first screen's answers written into the page (decision 0035).
serveThisFile();

const infoPath = "/substance/app/substance-online/getInfoById";

describe("answers the page arrived with", () => {
  it("answer the matching call once, at once, with no request and no floor; then the server does", async () => {
    server.on(infoPath, (_, res) => {
      ok(res, { id: "1", videoTitle: "from the server" });
    });
    const { api } = harness(
      {
        minimumResponseMs: 300,
        pageAnswers: [
          {
            call: "substance.getInfoById",
            request: { id: "1" },
            data: { id: "1", videoTitle: "on the page" },
          },
        ],
      },
      signedIn,
    );
    const started = Date.now();
    await expect(api.substance.getInfoById({ id: "1" })).resolves.toMatchObject({
      videoTitle: "on the page",
    });
    expect(Date.now() - started).toBeLessThan(300);
    expect(server.to(infoPath)).toHaveLength(0);
    await expect(api.substance.getInfoById({ id: "1" })).resolves.toMatchObject({
      videoTitle: "from the server",
    });
    expect(server.to(infoPath)).toHaveLength(1);
  });

  it("a call with another request, a stale answer or an aborted call goes to the server", async () => {
    server.on(infoPath, (_, res) => {
      ok(res, { id: "2", videoTitle: "from the server" });
    });
    const answer = { call: "substance.getInfoById" as const, request: { id: "1" }, data: { id: "1" } };
    const other = harness({ minimumResponseMs: 0, pageAnswers: [answer] }, signedIn);
    await expect(other.api.substance.getInfoById({ id: "2" })).resolves.toMatchObject({ id: "2" });
    const stale = harness({ minimumResponseMs: 0, pageAnswers: [answer], pageAnswersMaxAgeMs: -1 }, signedIn);
    await expect(stale.api.substance.getInfoById({ id: "1" })).resolves.toMatchObject({ id: "2" });
    expect(server.to(infoPath)).toHaveLength(2);
    const aborted = harness({ minimumResponseMs: 0, pageAnswers: [answer] }, signedIn);
    const controller = new AbortController();
    controller.abort();
    await expect(
      aborted.api.substance.getInfoById({ id: "1" }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      kind: "cancelled",
    });
  });

  it("answers made in another language stand in for nothing (a language chosen since)", async () => {
    server.on(infoPath, (_, res) => {
      ok(res, { id: "1", videoTitle: "from the server" });
    });
    const answer = { call: "substance.getInfoById" as const, request: { id: "1" }, data: { id: "1" } };
    const english = harness(
      { minimumResponseMs: 0, pageAnswers: [answer], pageAnswersLanguage: "en_US" },
      { ...signedIn, [StorageKey.language]: "zhCN" },
    );
    await expect(english.api.substance.getInfoById({ id: "1" })).resolves.toMatchObject({
      videoTitle: "from the server",
    });
    const same = harness(
      { minimumResponseMs: 0, pageAnswers: [answer], pageAnswersLanguage: "zh_CN" },
      { ...signedIn, [StorageKey.language]: "zhCN" },
    );
    await expect(same.api.substance.getInfoById({ id: "1" })).resolves.toEqual({ id: "1" });
    expect(server.to(infoPath)).toHaveLength(1);
    expect(pageDataBlock([], "en_US")).toContain('data-language="en_US"');
    expect(pageDataBlock([], 'x" onload="y')).toContain('data-language="xonloady"');
  });

  it("the key ignores the order of fields and the undefined ones", () => {
    expect(answerKey("x", { b: 1, a: [{ d: 2, c: null }], u: undefined })).toBe(
      answerKey("x", { a: [{ c: null, d: 2 }], b: 1 }),
    );
    expect(answerKey("x", { a: 1 })).not.toBe(answerKey("x", { a: "1" }));
  });

  it("the data block cannot be closed by a value, and reads back; junk reads as none", () => {
    const answers = [
      { call: "substance.getInfoById" as const, request: { id: "1" }, data: { t: "</script><b>" } },
    ];
    const block = pageDataBlock(answers);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const body = /<script[^>]*>([\s\S]*)<\/script>/.exec(block)?.[1];
    expect(readPageData(body)).toEqual(answers);
    for (const junk of [null, "", "{", "{}", '[{"call":1}]', '[{"call":"a","request":null,"data":1}]']) {
      expect(readPageData(junk)).toEqual([]);
    }
  });

  it("the session cookie carries the token, zone and language, and refuses anything else", () => {
    const session = {
      accessToken: "abc.DEF-_~+/=",
      timeZone: "GMT-03:30",
      language: "en_US",
      busPlatformId: "",
    };
    const value = encodePageSession(session);
    expect(value).not.toMatch(/[;,\s"]/);
    expect(pageSessionOf(`a=b; pf_page=${value}; c=d`)).toEqual(session);
    expect(pageSessionOf(undefined)).toBeNull();
    expect(pageSessionOf("pf_page=%E0%A4%A")).toBeNull();
    expect(pageSessionOf(`pf_page=${encodePageSession({ ...session, timeZone: "UTC" })}`)).toBeNull();
    expect(pageSessionOf(`pf_page=${encodePageSession({ ...session, accessToken: "a b" })}`)).toBeNull();
    const withPlatform = { ...session, busPlatformId: "bp-9" };
    expect(pageSessionOf(`pf_page=${encodePageSession(withPlatform)}`)).toEqual(withPlatform);
  });

  it("tells what a page needs of the session, and nothing when signed out", () => {
    expect(pageSessionOfClient(harness({}, signedIn).api.client)).toEqual({
      accessToken: "access-1",
      timeZone: deviceTimeZoneHeader(),
      language: "zh_CN",
      busPlatformId: "bp-9",
    });
    expect(pageSessionOfClient(harness().api.client)).toBeNull();
  });
});

describe("the page-session cookie's assignments", () => {
  it("one per page path, Lax, Secure on https; deleting ones when signed out", () => {
    const session = { accessToken: "a", timeZone: "GMT+08:00", language: "zh_CN", busPlatformId: "" };
    const set = pageSessionCookies(session, true);
    expect(set).toHaveLength(PAGE_DATA_PATHS.length);
    expect(set[0]).toMatch(/^pf_page=[^;]+; Path=\/home; Max-Age=\d+; SameSite=Lax; Secure$/);
    expect(set[1]).toContain("Path=/videoview");
    expect(set.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual([...PAGE_DATA_PATHS]);
    expect(pageSessionOf(set[0]?.split(";")[0])).toEqual(session);
    const deleting = pageSessionCookies(null, false);
    expect(deleting.slice(0, 2)).toEqual([
      "pf_page=; Path=/home; Max-Age=0; SameSite=Lax",
      "pf_page=; Path=/videoview; Max-Age=0; SameSite=Lax",
    ]);
    expect(deleting.every((cookie) => cookie.includes("Max-Age=0;"))).toBe(true);
    // Never the root path: that cookie would go with every call and file.
    expect(PAGE_DATA_PATHS).not.toContain("/");
    expect(PAGE_DATA_PATHS.every((path) => !path.startsWith("/api") && !path.startsWith("/assets"))).toBe(
      true,
    );
  });
});
