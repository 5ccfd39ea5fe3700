import { withCause } from "../db/cause";
import { MenuConfigType } from "@platform/domain";
import { count, eq } from "drizzle-orm";
import { seedOperators } from "./operators";
import type { AppContext } from "../context";
import { ensureSeedMedia } from "../media/generate";
import { seedCatalogue } from "./catalogue";
import { hashPassword } from "../security/hashing";
import { createAccount } from "../modules/user/accounts";
import {
  appModules,
  channels,
  gameBanners,
  games,
  memberBenefits,
  memberPictures,
  menuItems,
  settings,
  users,
  vipGoods,
} from "../db/schema";

/** The demo accounts the start command prints (phone, password, what they show). */
export const demoAccounts = [
  {
    mobile: "13800000001",
    password: "demo123456",
    nickName: "小影 Ying",
    role: "super member (30 days)",
    vipDays: 30,
  },
  { mobile: "13800000002", password: "demo123456", nickName: "阿北 Bei", role: "ordinary user", vipDays: 0 },
  {
    mobile: "13800000003",
    password: "demo123456",
    nickName: "老周 Zhou",
    role: "permanent super member",
    vipDays: -1,
  },
  {
    mobile: "13900000001",
    password: "demo123456",
    nickName: "光影工作室 Studio",
    role: "author",
    vipDays: 0,
  },
] as const;

/** The demo account whose room start.sh's demo broadcast feeds (LIVE_DEMO). */
export const demoLiveAuthor = "13900000001";

/**
 * The demo channels (the /d/{channelTagId} pages), named in both languages. "0", the main site, is
 * made by the migration in every database; the seed's videos are in 0, 1 and 2, and 3 to 5 are empty.
 */
export const demoChannels = [
  { id: "0", nameZh: "主站", nameEn: "Main site" },
  { id: "1", nameZh: "旅行频道", nameEn: "Travel" },
  { id: "2", nameZh: "美食频道", nameEn: "Food" },
  { id: "3", nameZh: "音乐频道", nameEn: "Music" },
  { id: "4", nameZh: "科技频道", nameEn: "Tech" },
  { id: "5", nameZh: "生活频道", nameEn: "Everyday life" },
] as const;

/**
 * Demo data: the seed media (made by ffmpeg once, then cached in the media folder), then on an
 * empty database the demo accounts and settings, the demo channels not there yet, and on an empty
 * video table the catalogue.
 * Each part runs once: what exists is left alone, so restarts never duplicate or overwrite.
 * Returns whether anything was written to the database.
 */
export async function seed(
  ctx: AppContext,
  progress: (line: string) => void = () => undefined,
): Promise<boolean> {
  // What the seed writes is the system's doing (db/cause.ts): the ledger says so.
  return withCause({ actor: "system", actorId: "seed", requestId: null, address: null }, () =>
    seedAll(ctx, progress),
  );
}

export { DEMO_OPERATOR_PASSWORD, demoOperators } from "./operators";

async function seedAll(ctx: AppContext, progress: (line: string) => void): Promise<boolean> {
  const clips = await ensureSeedMedia(ctx.config.mediaDir, ctx.config.mediaProfile, progress);
  ctx.media.prefer(clips);
  const accounts = await seedAccounts(ctx);
  const channelsMade = await seedChannels(ctx);
  const catalogue = await seedCatalogue(ctx, clips);
  const lobby = await seedGames(ctx);
  const operatorsMade = await seedOperators(ctx);
  return accounts || channelsMade || catalogue || lobby || operatorsMade;
}

/** The game lobby on an empty games table: two dice games of the sandbox provider and a banner. */
async function seedGames(ctx: AppContext): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(games);
  if ((existing?.n ?? 0) > 0) return false;
  await ctx.db.insert(games).values([
    {
      code: "dice",
      provider: "sandbox",
      name: "幸运骰子",
      nameEn: "Lucky Dice",
      category: "休闲",
      categoryEn: "Casual",
      iconUrl: "/api/game/art/dice.svg",
      sort: 1,
    },
    {
      code: "big-dice",
      provider: "sandbox",
      name: "豪华骰子",
      nameEn: "Deluxe Dice",
      category: "热门",
      categoryEn: "Popular",
      iconUrl: "/api/game/art/big-dice.svg",
      sort: 2,
    },
  ]);
  await ctx.db
    .insert(gameBanners)
    .values({ imageUrl: "/api/game/art/banner.svg", jumpType: "GOLD", jumpAdress: "", sort: 1 });
  return true;
}

/** The demo channels that do not exist yet (an operator's own names are left alone). */
async function seedChannels(ctx: AppContext): Promise<boolean> {
  const made = await ctx.db
    .insert(channels)
    .values([...demoChannels])
    .onConflictDoNothing({ target: channels.id })
    .returning({ id: channels.id });
  return made.length > 0;
}

async function seedAccounts(ctx: AppContext): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const now = ctx.now();
  for (const account of demoAccounts) {
    const id = await createAccount(ctx.db, {
      mobile: account.mobile,
      passwordHash: await hashPassword(account.password, ctx.config.passwordHashCost),
      channelTagId: "0",
    });
    await ctx.db
      .update(users)
      .set({
        nickName: account.nickName,
        isAuthor: account.role === "author",
        vipPermanent: account.vipDays < 0,
        vipExpiresAt: account.vipDays > 0 ? new Date(now.getTime() + account.vipDays * 86_400_000) : null,
      })
      .where(eq(users.id, id));
  }
  await ctx.db.insert(appModules).values([
    {
      moduleKey: "home",
      name: "首页",
      nameEn: "Home",
      sort: 1,
      linkType: "ROUTER",
      linkTarget: "INNER_LINK",
      linkUrl: "/home",
    },
    {
      moduleKey: "starlive",
      name: "直播",
      nameEn: "Live",
      sort: 2,
      linkType: "ROUTER",
      linkTarget: "INNER_LINK",
      linkUrl: "/starlive",
    },
    {
      moduleKey: "game",
      name: "游戏",
      nameEn: "Games",
      sort: 3,
      linkType: "GAME",
      linkTarget: "INNER_LINK",
      linkUrl: "/game",
    },
    {
      moduleKey: "trade",
      name: "交易",
      nameEn: "Trade",
      sort: 4,
      linkType: "GOLD",
      linkTarget: "INNER_LINK",
      linkUrl: "/trade",
    },
    {
      moduleKey: "vip",
      name: "超级会员",
      nameEn: "Super VIP",
      sort: 5,
      linkType: "VIP",
      linkTarget: "INNER_LINK",
      linkUrl: "/membervip",
    },
  ]);
  const menu: [MenuConfigType, string, string][] = [
    [MenuConfigType.VIDEO, "myBuy", "我的购买 My purchases"],
    [MenuConfigType.VIDEO, "myCollection", "我的收藏 My collection"],
    [MenuConfigType.ACCOUNT, "orderManage", "订单管理 Orders"],
    [MenuConfigType.ACCOUNT, "recharge", "充值 Recharge"],
    [MenuConfigType.ACCOUNT, "withdraw", "提现 Withdraw"],
    [MenuConfigType.RECOMMEND, "cardManage", "银行卡管理 Bank cards"],
    [MenuConfigType.RECOMMEND, "buySuperVip", "购买超级会员 Buy super VIP"],
    [MenuConfigType.MORE, "settings", "设置 Settings"],
    [MenuConfigType.MORE, "idCard", "身份卡 Identity card"],
  ];
  await ctx.db
    .insert(menuItems)
    .values(menu.map(([type, figmaKey, name], i) => ({ type, figmaKey, name, sort: i + 1 })));
  await ctx.db.insert(vipGoods).values([
    {
      name: "月卡",
      nameEn: "Monthly",
      days: 30,
      amount: 3000,
      originalAmount: 4500,
      recommended: false,
      sort: 1,
    },
    {
      name: "季卡",
      nameEn: "Quarterly",
      days: 90,
      amount: 8000,
      originalAmount: 13500,
      recommended: true,
      sort: 2,
    },
    {
      name: "年卡",
      nameEn: "Yearly",
      days: 365,
      amount: 26800,
      originalAmount: 54000,
      recommended: false,
      sort: 3,
    },
    {
      name: "永久",
      nameEn: "Permanent",
      days: 0,
      amount: 68800,
      originalAmount: null,
      recommended: false,
      sort: 4,
    },
  ]);
  await ctx.db.insert(memberPictures).values([
    { imageUrl: "/api/media/static/member-1.svg", jumpType: "GOLD", jumpAdress: null, sort: 1 },
    {
      imageUrl: "/api/media/static/member-2.svg",
      jumpType: "LINK",
      jumpAdress: "https://example.com/promo",
      sort: 2,
    },
  ]);
  await ctx.db.insert(memberBenefits).values([
    {
      key: "svipVideos",
      title: "SVIP 视频",
      titleEn: "SVIP videos",
      description: "全部超级会员视频完整观看",
      descriptionEn: "Every SVIP video in full",
      sort: 1,
    },
    {
      key: "discount",
      title: "购片折扣",
      titleEn: "Discount",
      description: "付费视频享会员价",
      descriptionEn: "Member prices on paid videos",
      sort: 2,
    },
    {
      key: "comment",
      title: "评论特权",
      titleEn: "Comments",
      description: "发表与回复评论",
      descriptionEn: "Write and reply to comments",
      sort: 3,
    },
  ]);
  await ctx.db.insert(settings).values([{ key: "navigationSwitch", value: "0" }]);
  return true;
}
