import { PAGE_DATA_PATHS, endpoints } from "@platform/api-client/contract";
import type { EndpointDef, PageAnswer } from "@platform/api-client/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersOf as answersInPage, pageServer } from "../../test/page";
import { plannedCalls, plannedPages } from "./page-calls";

// Every page's first calls in its HTML (Step 23, decision 0038).

const none = new URLSearchParams();
const callsOf = (path: string, query = "", userId = 7) =>
  plannedCalls(path, new URLSearchParams(query), userId).map(
    ({ call, request }) => `${call} ${JSON.stringify(request)}`,
  );

describe("what each page's first render asks", () => {
  it("covers exactly the pages the page-session cookie is written for, with reading calls only", () => {
    expect([...plannedPages].sort()).toEqual([...PAGE_DATA_PATHS].sort());
    for (const path of PAGE_DATA_PATHS) {
      const query = "id=12&orderNum=R1&tab=WITHDRAW_ORDER";
      const page = path === "/d" ? "/d/3" : path;
      const calls = plannedCalls(page, new URLSearchParams(query), 7);
      expect(calls.length, path).toBeGreaterThan(0);
      for (const { call } of calls) {
        const endpoint: EndpointDef = endpoints[call];
        expect(endpoint.money, call).not.toBe(true);
        expect(endpoint.kind, call).not.toBe("token");
      }
    }
    // The identity card's QR login is a credential: never written into a page.
    expect(plannedCalls("/idcard", none, 7)).toEqual([]);
    expect(plannedCalls("/", none, 7)).toEqual([]);
  });

  it("takes from the address what the app takes, and nothing it would refuse", () => {
    expect(callsOf("/ordermanage")).toEqual([
      'trade.userBillDetails {"tab":"RECHARGE_ORDER","current":1,"cursor":null,"size":10}',
    ]);
    expect(callsOf("/ordermanage", "tab=WITHDRAW_ORDER")[0]).toContain('"tab":"WITHDRAW_ORDER"');
    expect(callsOf("/ordermanage", "tab=bogus")[0]).toContain('"tab":"RECHARGE_ORDER"');
    expect(callsOf("/orderdetails", "orderNum=R2024")).toEqual(['trade.orderDetail {"orderNum":"R2024"}']);
    for (const query of ["", "orderNum=", "orderNum=a%20b", "page=WITHDRAW_ORDER&orderNum=W1"])
      expect(callsOf("/orderdetails", query), query).toEqual([]);
    expect(callsOf("/mycollection")).toEqual(['substance.collectList {"current":1,"cursor":null,"size":10}']);
    expect(callsOf("/mycollection", "active=FAVORITES")).toEqual([]);
    expect(callsOf("/collection", "id=4")).toEqual([
      "substance.getFavorite {}",
      'substance.collectList {"current":1,"cursor":null,"size":10,"favoriteId":"4"}',
    ]);
    expect(callsOf("/collection", "id=x")).toEqual([]);
    expect(callsOf("/editvideo", "id=5")).toEqual([
      "substance.creationConfig {}",
      'substance.getInfoById {"id":"5"}',
      "upload.usage {}",
    ]);
    // One's own creation centre (no id, or one's own): the works and the earnings; another's: the card.
    const own = [
      'substance.authorInfo {"userId":"7"}',
      'substance.getMyVideoList {"current":1,"cursor":null,"size":10}',
      'substance.creatorEarnings {"days":30}',
    ];
    expect(callsOf("/creationcenter")).toEqual(own);
    expect(callsOf("/creationcenter", "id=%207%20")).toEqual(own);
    expect(callsOf("/creationcenter", "id=8")).toEqual(['substance.authorInfo {"userId":"8"}']);
    expect(callsOf("/creationcenter", "id=-1")).toEqual([]);
    expect(callsOf("/d/3/anything")).toEqual([
      'substance.getVideoList {"current":1,"cursor":null,"size":10,"price":"all","sort":"default","duration":"all","tag":null,"channelTagId":"3"}',
      'substance.channelInfo {"channelTagId":"3"}',
    ]);
    expect(callsOf("/d/x")).toEqual([]);
    expect(callsOf("/TRADE/")).toEqual([
      "trade.accountDetail {}",
      "trade.payConfig {}",
      "trade.eepayBalance {}",
      'trade.statement {"current":1,"cursor":null,"size":10}',
    ]);
  });
});

describe("every page as the server sends it", () => {
  let server: Awaited<ReturnType<typeof pageServer>>;

  const answersOf = async (path: string): Promise<PageAnswer[]> => {
    const response = await fetch(`${server.platform.server.origin}${path}`, {
      headers: { cookie: server.cookie },
    });
    expect(response.status, path).toBe(200);
    return answersInPage(await response.text());
  };

  beforeAll(async () => {
    server = await pageServer("<!doctype html><html><head></head><body></body></html>");
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers each planned call — GET ones with their query too — as the API answers the app", async () => {
    const { api, userId } = server;
    const [video] = (await api.substance.getVideoList({ size: 1 })).records;
    if (video === undefined) throw new Error("the seed has no video");
    // (/videoview's own page is page-data.test.ts's.)
    const pages = PAGE_DATA_PATHS.filter((path) => path !== "/videoview").map((path) =>
      path === "/d" ? "/d/0" : path === "/editvideo" ? `${path}?id=${video.id}` : path,
    );
    for (const page of pages) {
      const [path = "", query = ""] = page.split("?");
      const planned = plannedCalls(path, new URLSearchParams(query), userId);
      const answers = await answersOf(page);
      // What the API refuses this person (another's video to edit) is left for the app to ask.
      const asked = await Promise.all(
        planned.map(({ call, request }) =>
          api.client.call(call, request as never).then(
            (data: unknown) => ({ call, request, data }),
            () => null,
          ),
        ),
      );
      const expected = asked.filter((answer) => answer !== null);
      expect(
        answers.map((answer) => answer.call),
        page,
      ).toEqual(expected.map((answer) => answer.call));
      for (const [index, answer] of answers.entries()) {
        expect(answer.request, `${page} ${answer.call}`).toEqual(expected[index]?.request);
        // A video's play addresses are signed at each answer: the same video, not the same bytes.
        if (answer.call === "substance.getInfoById")
          expect(answer.data, page).toMatchObject({ id: (expected[index]?.data as { id: unknown }).id });
        else expect(answer.data, `${page} ${answer.call}`).toEqual(expected[index]?.data);
      }
      if (path !== "/editvideo") expect(answers.length, page).toBe(planned.length);
    }
  });

  it("sends every page whatever its address says: no 5xx, no answer to what the API refuses", async () => {
    const hostile = [
      "id=%00",
      "id=9999999999999999999999",
      "id=-1&tab=%3Cscript%3E",
      "orderNum=%00R1&page=WITHDRAW_ORDER",
      "orderNum=" + "x".repeat(5000),
      "id=1&id=2&active=FAVORITES",
      "tab=RECHARGE_ORDER&current=0&size=100000",
      "id=%F0%9F%98%80",
    ];
    for (const path of PAGE_DATA_PATHS) {
      for (const query of hostile) {
        const page = `${path === "/d" ? "/d/%00" : path}?${query}`;
        const response = await fetch(`${server.platform.server.origin}${page}`, {
          headers: { cookie: server.cookie },
        });
        expect(response.status, page).toBe(200);
        await response.arrayBuffer();
      }
    }
  });
});
