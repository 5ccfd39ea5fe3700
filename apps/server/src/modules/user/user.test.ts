import { ServerMessageKey } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, rawPost, rowsOf, signIn, startSeeded, until } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { demoAccounts, seed } from "../../seed";

eachDatabase("user, system and tracking", (target) => {
  let platform: TestPlatform;
  const [vip, ordinary, permanent] = demoAccounts;

  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  it("queryInfo shows the profile and membership of the caller", async () => {
    const { api } = await signIn(platform, vip);
    expect(await api.user.queryInfo()).toMatchObject({
      mobile: vip.mobile,
      nickName: vip.nickName,
      isVip: true,
      isPermanent: false,
      remainDays: 30,
    });
    const forever = await signIn(platform, permanent);
    expect(await forever.api.user.queryInfo()).toMatchObject({
      isVip: true,
      isPermanent: true,
      remainDays: 0,
    });
  });

  it("modifyInfo and modifyBirthday change only the caller's profile", async () => {
    const { api } = await signIn(platform, ordinary);
    await api.user.modifyInfo({ nickName: "新名字", gender: "FEMALE", area: "上海" });
    await api.user.modifyBirthday({ birthday: "1995-02-28" });
    expect(await api.user.queryInfo()).toMatchObject({
      nickName: "新名字",
      gender: "FEMALE",
      area: "上海",
      birthday: "1995-02-28",
    });
    expect((await failure(api.user.modifyBirthday({ birthday: "1995-02-30" }))).code).toBe(400);
    expect((await failure(api.user.modifyBirthday({ birthday: "2999-01-01" }))).code).toBe(400);
    expect((await failure(api.user.modifyInfo({}))).code).toBe(400);
    expect((await failure(api.user.modifyInfo({ gender: "OTHER" as "MALE" }))).code).toBe(400);
    const other = await signIn(platform, vip);
    expect((await other.api.user.queryInfo()).nickName).toBe(vip.nickName);
  });

  it("member benefits: super members may comment, others not; only one's own", async () => {
    const member = await signIn(platform, vip);
    expect(await member.api.user.queryMemberBenefits({ userId: member.userId })).toEqual({
      isCommentEnabled: true,
      isVip: true,
      discount: 8,
    });
    const plain = await signIn(platform, ordinary);
    expect(await plain.api.user.queryMemberBenefits({ userId: plain.userId })).toMatchObject({
      isCommentEnabled: false,
    });
    const theft = await failure(plain.api.user.queryMemberBenefits({ userId: member.userId }));
    expect(theft).toMatchObject({ kind: "business", code: 403, msgKey: ServerMessageKey.notYours });
    expect((await failure(plain.api.user.userInfo({ userId: member.userId }))).code).toBe(403);
    expect((await failure(plain.api.user.messageCount({ userId: member.userId }))).code).toBe(403);
  });

  it("panel info, message count and unread total", async () => {
    const { api, userId } = await signIn(platform, vip);
    expect(await api.user.userInfo({ userId })).toMatchObject({
      userId,
      isVip: true,
      remainDays: 30,
      bgImgFileUrl: null,
    });
    // The seed's member has the messages of their purchases and of replies to their comments.
    const [stored] = await rowsOf<{ n: number }>(
      platform,
      `select count(*)::int as n from messages where user_id = ${userId} and read_at is null`,
    );
    expect(stored?.n).toBeGreaterThanOrEqual(2);
    expect(await api.user.messageCount({ userId })).toEqual({ total: stored?.n });
    expect(await api.user.unreadTotal()).toEqual({ total: stored?.n });
    expect(await api.user.messageRead({ all: true })).toEqual({ total: 0 });
    expect(await api.user.unreadTotal()).toEqual({ total: 0 });
  });

  it("the membership shop's lists", async () => {
    const { api } = await signIn(platform, ordinary);
    const goods = await api.user.vipGoodList();
    expect(goods.map((g) => g.days)).toEqual([30, 90, 365, 0]);
    expect(goods.every((g) => Number.isInteger(g.amount))).toBe(true);
    const pictures = await api.user.memberCentrePictures();
    expect(pictures.length).toBeGreaterThan(0);
    // Every seeded picture is served (drawn by the server), and an unknown one is not.
    for (const picture of pictures) {
      const served = await fetch(`${platform.server.origin}${picture.imageUrl}`);
      expect(served.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    }
    expect((await fetch(`${platform.server.origin}/api/media/static/nothing.svg`)).status).toBe(404);
    expect((await api.user.memberBenefitsConfig()).map((b) => b.key)).toEqual([
      "svipVideos",
      "discount",
      "comment",
    ]);
  });

  it("login info is logged with the caller's address", async () => {
    const { api, userId } = await signIn(platform, ordinary);
    await api.user.loginInfoLog({ platform: "H5", userAgent: "test-agent" });
    const rows = await rowsOf<{ user_agent: string; address: string }>(
      platform,
      `select user_agent, address from login_logs where user_id = ${userId}`,
    );
    expect(rows.at(-1)).toMatchObject({ user_agent: "test-agent", address: "127.0.0.1" });
  });

  it("system: modules with the allowed menu keys, menu config by type, customer service", async () => {
    const { api } = await signIn(platform, ordinary);
    const modules = await api.system.appModules();
    expect(modules.modules.map((m) => m.moduleKey)).toContain("home");
    expect(modules.allowedMenuKeys).toContain("myBuy");
    expect(modules.navigationSwitch).toBe(0);
    const video = await api.system.menuConfig({ type: "VIDEO" });
    expect(video.map((i) => i.figmaKey)).toEqual(["myBuy", "myCollection"]);
    // No support system configured: the sandbox's page, which answers in the app's language.
    const { url } = await api.system.customService();
    expect(url).toBe(`${platform.server.origin}/sandbox/support?lang=zh_CN`);
    const support = await fetch(url);
    expect(support.status).toBe(200);
    expect(await support.text()).toContain("在线客服（沙箱）");
    await platform.server.database.db.execute(
      `update menu_items set channels = '{"99"}' where figma_key = 'myCollection'`,
    );
    expect((await api.system.menuConfig({ type: "VIDEO" })).map((i) => i.figmaKey)).toEqual(["myBuy"]);
    expect((await api.system.appModules()).allowedMenuKeys).not.toContain("myCollection");
    await platform.server.database.db.execute(`update menu_items set channels = '{}'`);
  });

  it("tracking events are written in a batch, attributed to the caller", async () => {
    const { api, userId } = await signIn(platform, vip);
    for (let i = 0; i < 3; i++) await api.track({ event: "tap", page: "/home", data: { i } });
    await platform.client().track({ event: "open", page: "/login" });
    const before = await rowsOf<{ n: number }>(platform, `select count(*)::int as n from tracking_events`);
    expect(before[0]?.n).toBe(0);
    // The buffer writes them together within a second (modules/tracking/buffer.ts).
    const rows = await until(
      () =>
        rowsOf<{ user_id: number | null; event: string; data: { i?: number } }>(
          platform,
          `select user_id, event, data from tracking_events order by id`,
        ),
      (r) => r.length > 0,
    );
    expect(rows).toHaveLength(4);
    expect(rows.slice(0, 3).map((r) => [String(r.user_id), r.data.i])).toEqual([
      [userId, 0],
      [userId, 1],
      [userId, 2],
    ]);
    expect(rows[3]).toMatchObject({ user_id: null, event: "open" });
  });

  it("bad bodies are business errors: never a 500, never a write", async () => {
    const { api } = await signIn(platform, ordinary);
    const token = api.client.accessToken!;
    const auth = { authorization: `Bearer ${token}` };
    for (const body of [
      "{",
      "[]",
      '"text"',
      '{"nickName": 12}',
      '{"nickName": ""}',
      JSON.stringify({ nickName: "x".repeat(21) }),
    ]) {
      const response = await rawPost(platform, "/user/app/user/information/modifyInfo", body, auth);
      expect(response.status, body).toBe(200);
      expect(response.json.code, body).toBe(400);
    }
    expect((await api.user.queryInfo()).nickName).not.toBe("");
    const unknown = await rawPost(platform, "/user/app/nothing/here", "{}", auth);
    expect(unknown.status).toBe(404);
  });

  it("health answers with the database kind", async () => {
    const response = await fetch(`${platform.server.origin}/health`);
    expect(await response.json()).toEqual({ status: "ok", database: target.name, sandbox: true });
  });

  it("seeding twice changes nothing", async () => {
    expect(await seed(platform.server.ctx)).toBe(false);
  });
});
