import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ServerMessageKey, payablePrice } from "@platform/domain";
import { eachDatabase, failure, rowsOf, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { personWithGold } from "../../../test/money";
import { users, videos } from "../../db/schema";
import { previewLimitMs, viewerOf } from "../substance/access";
import { reconcile } from "../trade/reconcile";
import { balancesOf } from "../ledger/wallet";

const DAY_MS = 24 * 3600 * 1000;

eachDatabase("super membership: plans, opening, renewing", (target) => {
  let platform: TestPlatform;
  let plans: { month: string; quarter: string; permanent: string };
  let prices: { month: number; quarter: number; permanent: number };

  beforeAll(async () => {
    platform = await startSeeded(target);
    const { api } = await personWithGold(platform);
    const goods = await api.user.vipGoodList();
    const byDays = (days: number) => goods.find((g) => g.days === days) ?? goods[0]!;
    plans = { month: byDays(30).id, quarter: byDays(90).id, permanent: byDays(0).id };
    prices = { month: byDays(30).amount, quarter: byDays(90).amount, permanent: byDays(0).amount };
  });
  afterAll(() => platform.close());

  const gold = async (userId: number) => (await balancesOf(platform.server.ctx.db, userId)).GOLD;
  const term = async (userId: number) => {
    const [row] = await platform.server.ctx.db
      .select({ permanent: users.vipPermanent, expires: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  };

  it("names the plans and benefits in the request's language, with the members' discount", async () => {
    const { api } = await personWithGold(platform);
    const zh = await api.user.vipGoodList();
    expect(zh.map((g) => g.name)).toEqual(["月卡", "季卡", "年卡", "永久"]);
    expect(zh.every((g) => g.discount === platform.config.memberDiscount)).toBe(true);
    const me = await personWithGold(platform);
    const en = platform.client({ language: "en_US" });
    await en.loginWithPassword({ phone: me.mobile, password: "demo123456" });
    expect((await en.user.vipGoodList()).map((g) => g.name)).toEqual([
      "Monthly",
      "Quarterly",
      "Yearly",
      "Permanent",
    ]);
    expect((await en.user.memberBenefitsConfig()).map((b) => b.title)).toEqual([
      "SVIP videos",
      "Discount",
      "Comments",
    ]);
    expect((await api.user.memberBenefitsConfig())[0]?.title).toBe("SVIP 视频");
  });

  it("opens 30 days for a non-member through the ledger: gold to revenue, benefits at once", async () => {
    const { api, userId } = await personWithGold(platform, 10_000);
    const [svip] = await platform.server.ctx.db.select().from(videos).where(eq(videos.watchLevel, "SVIP"));
    const [charge] = await platform.server.ctx.db
      .select()
      .from(videos)
      .where(eq(videos.watchLevel, "CHARGE"));
    expect(
      await previewLimitMs(platform.server.ctx.db, svip!, await viewerOf(platform.server.ctx, userId)),
    ).not.toBeNull();
    expect(
      (await failure(api.substance.doComment({ commentContent: "hi", substanceId: String(svip!.id) }))).code,
    ).toBe(403);

    const opened = await api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" });
    expect(opened).toEqual({ isVip: true, isPermanent: false, remainDays: 30 });
    expect(await gold(userId)).toBe(10_000 - prices.month);
    const statement = await api.trade.statement({ current: 1, size: 10 });
    expect(statement.records[0]).toMatchObject({ reason: "MEMBERSHIP", amount: -prices.month });
    // The benefits, at once in this process: comments, SVIP in full, the member price.
    expect(await api.user.queryMemberBenefits({ userId: String(userId) })).toMatchObject({
      isCommentEnabled: true,
      isVip: true,
    });
    expect((await api.user.queryInfo()).remainDays).toBe(30);
    expect(
      await previewLimitMs(platform.server.ctx.db, svip!, await viewerOf(platform.server.ctx, userId)),
    ).toBeNull();
    const detail = await api.substance.getInfoById({ id: String(charge!.id) });
    expect(detail.privileges.vipInfo.isVip).toBe(true);
    expect(detail.benefitAmount).toBe(
      payablePrice(
        { amount: charge!.amount, discount: charge!.discount ?? platform.config.memberDiscount },
        true,
      ),
    );
    await api.substance.doComment({ commentContent: "now a member", substanceId: String(svip!.id) });
    expect((await reconcile(platform.server.ctx.db)).drift).toEqual([]);
  });

  it("renewing adds the days to the end of the current term; the wrong type is refused", async () => {
    const { api, userId } = await personWithGold(platform, 20_000);
    expect(
      (await failure(api.user.openVipAccount({ goodId: plans.month, type: "BUY_SVIP", payType: "GOLD" })))
        .msgKey,
    ).toBe(ServerMessageKey.vipNotMember);
    await api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" });
    const first = (await term(userId)).expires!;
    const again = await failure(
      api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" }),
    );
    expect(again).toMatchObject({ code: 400, msgKey: ServerMessageKey.vipAlreadyMember });
    const renewed = await api.user.openVipAccount({
      goodId: plans.quarter,
      type: "BUY_SVIP",
      payType: "GOLD",
    });
    expect(renewed.remainDays).toBe(120);
    expect((await term(userId)).expires!.getTime() - first.getTime()).toBe(90 * DAY_MS);
    expect(await gold(userId)).toBe(20_000 - prices.month - prices.quarter);
    const orders = await rowsOf<{ type: string; days: number }>(
      platform,
      `select type, days from vip_orders where user_id = ${userId} order by id`,
    );
    expect(orders).toEqual([
      { type: "OPEN_SVIP", days: 30 },
      { type: "BUY_SVIP", days: 90 },
    ]);
  });

  it("an ended term is over by its date alone: the person opens again, from now", async () => {
    const { api, userId } = await personWithGold(platform, 10_000);
    await platform.server.ctx.db
      .update(users)
      .set({ vipExpiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(users.id, userId));
    const info = await api.user.queryInfo();
    expect(info).toMatchObject({ isVip: false, remainDays: 0 });
    expect(
      (await failure(api.user.openVipAccount({ goodId: plans.month, type: "BUY_SVIP", payType: "GOLD" })))
        .msgKey,
    ).toBe(ServerMessageKey.vipNotMember);
    const opened = await api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" });
    expect(opened.remainDays).toBe(30);
  });

  it("permanent: bought over days left (kept as they were, not refunded); then nothing more to buy", async () => {
    const { api, userId } = await personWithGold(platform, 80_000);
    await api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" });
    const forever = await api.user.openVipAccount({
      goodId: plans.permanent,
      type: "BUY_SVIP",
      payType: "GOLD",
    });
    expect(forever).toEqual({ isVip: true, isPermanent: true, remainDays: 0 });
    expect(await gold(userId)).toBe(80_000 - prices.month - prices.permanent);
    for (const goodId of [plans.month, plans.permanent]) {
      const refused = await failure(api.user.openVipAccount({ goodId, type: "BUY_SVIP", payType: "GOLD" }));
      expect(refused).toMatchObject({ code: 400, msgKey: ServerMessageKey.vipPermanentAlready });
    }
    expect(await gold(userId)).toBe(80_000 - prices.month - prices.permanent);
  });

  it("too little gold changes nothing; an unknown plan is a 404; a retry with its key buys once", async () => {
    const { api, userId } = await personWithGold(platform, prices.month - 1);
    const short = await failure(
      api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" }),
    );
    expect(short.msgKey).toBe(ServerMessageKey.balanceTooLow);
    expect(await term(userId)).toEqual({ permanent: false, expires: null });
    expect(await gold(userId)).toBe(prices.month - 1);
    expect(
      (await failure(api.user.openVipAccount({ goodId: "999999", type: "OPEN_SVIP", payType: "GOLD" })))
        .msgKey,
    ).toBe(ServerMessageKey.vipPlanNotFound);

    const rich = await personWithGold(platform, 10_000);
    const body = { goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" } as const;
    const once = await rich.api.user.openVipAccount(body, { idempotencyKey: "vip-retry-0001" });
    const replay = await rich.api.user.openVipAccount(body, { idempotencyKey: "vip-retry-0001" });
    expect(replay).toEqual(once);
    expect(await gold(rich.userId)).toBe(10_000 - prices.month);
  });

  it("purchases and membership are one's own: another person sees and changes neither", async () => {
    const buyer = await personWithGold(platform, 100_000);
    const other = await personWithGold(platform, 100_000);
    const [charge] = await platform.server.ctx.db
      .select()
      .from(videos)
      .where(eq(videos.watchLevel, "CHARGE"));
    await buyer.api.substance.buyVideo({ payType: "GOLD", substanceId: String(charge!.id) });
    expect((await buyer.api.substance.myBuyVideoList({})).records.map((v) => v.id)).toEqual([
      String(charge!.id),
    ]);
    expect((await other.api.substance.myBuyVideoList({})).records).toEqual([]);
    await other.api.user.openVipAccount({ goodId: plans.month, type: "OPEN_SVIP", payType: "GOLD" });
    expect(await term(buyer.userId)).toEqual({ permanent: false, expires: null });
    expect((await failure(other.api.user.queryMemberBenefits({ userId: String(buyer.userId) }))).code).toBe(
      403,
    );
  });
});
