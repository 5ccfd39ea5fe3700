import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsCodeType } from "@platform/domain";
import { eachDatabase, freshSmsCode, signIn, startSeeded, steppingClock } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { TtlCache } from "./cache";
import { videos } from "./db/schema";
import { demoAccounts } from "./seed";

describe("TtlCache", () => {
  it("forgets entries after their time and the oldest past its size", () => {
    let now = 0;
    const cache = new TtlCache<string, number>(100, 2, () => now);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("a")).toBeUndefined();
    now = 100;
    expect(cache.get("b")).toBeUndefined();
  });

  it("loads a missing key once for concurrent readers, and never keeps anything at 0 ms", async () => {
    const cache = new TtlCache<string, number>(1000, 10);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 7;
    };
    expect(await Promise.all([cache.through("k", load), cache.through("k", load)])).toEqual([7, 7]);
    expect(loads).toBe(1);
    const off = new TtlCache<string, number>(0, 10);
    await off.through("k", load);
    await off.through("k", load);
    expect(loads).toBe(3);
  });
});

eachDatabase("caches of a running server", (target) => {
  let platform: TestPlatform;
  const [vip] = demoAccounts;

  // The caches read the server's clock: a case moves it on instead of sleeping.
  const clock = steppingClock();
  beforeAll(async () => {
    platform = await startSeeded(target, { CATALOGUE_CACHE_MS: "1500" }, { now: clock.now });
  });
  afterAll(() => platform.close());

  it("serves a list page from the cache for at most CATALOGUE_CACHE_MS", async () => {
    const { api } = await signIn(platform, vip);
    const first = await api.substance.getVideoList({ current: 1, size: 10 });
    const id = Number(first.records[0]?.id);
    await platform.server.ctx.db
      .update(videos)
      .set({ title: "changed behind the cache" })
      .where(eq(videos.id, id));
    expect((await api.substance.getVideoList({ current: 1, size: 10 })).records[0]?.videoTitle).toBe(
      first.records[0]?.videoTitle,
    );
    clock.advance(1600);
    expect((await api.substance.getVideoList({ current: 1, size: 10 })).records[0]?.videoTitle).toBe(
      "changed behind the cache",
    );
  });

  it("shows the viewer's own writes at once (likes, resume positions)", async () => {
    const { api } = await signIn(platform, vip);
    const page = await api.substance.getVideoList({ current: 1, size: 10, price: "free" });
    const video = page.records[5];
    const id = video?.id ?? "";
    const before = await api.substance.getInfoById({ id });
    await api.substance.doLike({ substanceId: id });
    const after = await api.substance.getInfoById({ id });
    expect(after.likeFlag).toBe(!before.likeFlag);
    expect(after.likeCount).toBe(before.likeCount + (before.likeFlag ? -1 : 1));
    await api.substance.doPlay({ onlineId: id, renewCount: 0, seenMs: 4321 });
    expect((await api.substance.getInfoById({ id })).seenMs).toBe(4321);
    const again = await api.substance.getVideoList({ current: 1, size: 10, price: "free" });
    expect(again.records.find((r) => r.id === id)?.seenMs).toBe(4321);
  });

  it("a revoked session stops at once although sessions are cached", async () => {
    const gone = await signIn(platform, demoAccounts[1]);
    await gone.api.user.queryInfo();
    const token = gone.api.client.storage.get("accessToken") ?? "";
    // Deleting the account revokes its tokens, in this process's session cache too.
    const code = await freshSmsCode(platform, gone.api, demoAccounts[1].mobile, SmsCodeType.LOGOFF);
    await gone.api.user.logoff({ agreementAccepted: true, code });
    const response = await fetch(`${platform.server.origin}/api/user/app/user/information/queryInfo`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });
});
