import { ServerMessageKey, StorageKey } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure, signIn, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { channels } from "../../db/schema";
import { demoAccounts, demoChannels, seed } from "../../seed";

/** The answer's envelope (`msgKey` and `msgValues` only on a refusal). */
interface Envelope {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  readonly msgKey?: string;
  readonly msgValues?: Readonly<Record<string, string | number>>;
}

/** A raw GET of the call (for what the typed client would never send), in a language. */
async function rawGet(
  platform: TestPlatform,
  query: string,
  language = "zh_CN",
): Promise<{ status: number; json: Envelope }> {
  const response = await fetch(`${platform.server.origin}/api/substance/app/channel/info${query}`, {
    headers: { language },
  });
  return {
    status: response.status,
    json: (await response.json()) as Envelope,
  };
}

eachDatabase("channels (substance.channelInfo) over HTTP", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(() => platform.close());

  describe("before any seed", () => {
    it("has the default channel 0 from the migration alone, and no other", async () => {
      const rows = await platform.server.ctx.db.select().from(channels);
      expect(rows).toEqual([{ id: "0", nameZh: "主站", nameEn: "Main site" }]);
      const guest = platform.client();
      expect(await guest.substance.channelInfo({ channelTagId: "0" })).toEqual({
        channelTagId: "0",
        name: "主站",
        names: { zhCN: "主站", enUS: "Main site" },
      });
      const missing = await failure(guest.substance.channelInfo({ channelTagId: "1" }));
      expect(missing.kind).toBe("business");
      expect(missing.code).toBe(404);
    });
  });

  describe("with the demo channels", () => {
    beforeAll(async () => {
      await seed(platform.server.ctx);
    });

    it("seeds a handful of channels named in both languages, 0 among them, once", async () => {
      const rows = await platform.server.ctx.db.select().from(channels).orderBy(channels.id);
      expect(rows).toEqual([...demoChannels]);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) {
        expect(row.nameZh).toMatch(/\p{Script=Han}/u);
        expect(row.nameEn).toMatch(/^[A-Za-z ]+$/);
      }
      // A second seed (a restart) adds nothing.
      await seed(platform.server.ctx);
      expect(await platform.server.ctx.db.select().from(channels)).toHaveLength(rows.length);
    });

    it("answers a guest the name in the request's language, and both names", async () => {
      const zh = platform.client();
      expect(await zh.substance.channelInfo({ channelTagId: "2" })).toEqual({
        channelTagId: "2",
        name: "美食频道",
        names: { zhCN: "美食频道", enUS: "Food" },
      });
      const en = platform.client();
      en.client.storage.set(StorageKey.language, "enUS");
      expect(await en.substance.channelInfo({ channelTagId: 2 })).toEqual({
        channelTagId: "2",
        name: "Food",
        names: { zhCN: "美食频道", enUS: "Food" },
      });
      // An unknown language header is Chinese, like every answer of the server.
      const odd = await rawGet(platform, "?channelTagId=1", "xx_XX");
      expect(odd.json).toMatchObject({ code: 200, data: { channelTagId: "1", name: "旅行频道" } });
    });

    it("answers signed-in people too, and reads ids as canonical digits", async () => {
      const { api } = await signIn(platform, demoAccounts[1]);
      expect((await api.substance.channelInfo({ channelTagId: " 003 " })).name).toBe("音乐频道");
      expect((await rawGet(platform, "?channelTagId=0005")).json).toMatchObject({
        code: 200,
        data: { channelTagId: "5", name: "生活频道" },
      });
    });

    it("an id no channel has is a business 404 in the caller's language", async () => {
      const zh = await rawGet(platform, "?channelTagId=999999");
      expect(zh.status).toBe(200);
      expect(zh.json).toMatchObject({ code: 404, msgKey: ServerMessageKey.notFound, data: null });
      expect(zh.json.msg).toMatch(/\p{Script=Han}/u);
      const en = await rawGet(platform, "?channelTagId=999999", "en_US");
      expect(en.json).toMatchObject({ code: 404, msgKey: ServerMessageKey.notFound });
      expect(en.json.msg).not.toMatch(/\p{Script=Han}/u);
      const biggest = await rawGet(platform, `?channelTagId=${String(Number.MAX_SAFE_INTEGER)}`);
      expect(biggest.json.code).toBe(404);
    });

    it("refuses ids that are not whole numbers from 0 with a 400 naming the field, never a 500", async () => {
      for (const query of [
        "",
        "?channelTagId=",
        "?channelTagId=abc",
        "?channelTagId=-1",
        "?channelTagId=1.5",
        "?channelTagId=1e3",
        "?channelTagId=0x10",
        `?channelTagId=${"9".repeat(40)}`,
        "?channelTagId=9007199254740993",
        "?channelTagId=%00",
        "?channelTagId=1&channelTagId=2",
        "?channelTagId[a]=1",
      ]) {
        const answer = await rawGet(platform, query);
        expect(answer.status, query).toBe(200);
        expect(answer.json.code, query).toBe(400);
        expect(answer.json.msg, query).not.toBe("");
      }
      const named = await rawGet(platform, "?channelTagId=abc");
      expect(named.json).toMatchObject({
        msgKey: ServerMessageKey.invalidField,
        msgValues: { field: "channelTagId" },
      });
    });
  });
});
