import { MessageKind, WatchLevel, VIDEO_PUBLISHED } from "@platform/domain";
import { count, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { seededRandom } from "./random";
import type { ClipManifest } from "../media/generate";
import { BalanceType, PlatformAccount, grant, platform, post, userAccount } from "../modules/ledger/wallet";
import { createAccount } from "../modules/user/accounts";
import { TREND_DAYS, utcDay } from "../modules/substance/trend";
import { writeMessage } from "../modules/user/messages";
import {
  classifications,
  comments,
  favoriteFolders,
  favoriteItems,
  follows,
  purchases,
  topics,
  userProps,
  users,
  videoCollects,
  videoDailyPlays,
  videos,
  watchHistory,
} from "../db/schema";

/** The element at `i`, going round the list. */
function cycle<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error("cycle over an empty list");
  return item;
}

export const places = [
  ["城市夜景", "City Nights"],
  ["山间晨雾", "Mountain Mist"],
  ["海边日落", "Seaside Sunset"],
  ["街头美食", "Street Food"],
  ["极光之旅", "Aurora Journey"],
  ["古镇漫步", "Old Town Walk"],
  ["雪山徒步", "Snow Peak Trek"],
  ["咖啡时光", "Coffee Time"],
  ["地铁故事", "Metro Stories"],
  ["沙漠星空", "Desert Stars"],
  ["雨林探险", "Rainforest Quest"],
  ["江南水乡", "Water Towns"],
] as const;
export const kinds = [
  ["纪录", "Documentary"],
  ["Vlog", "Vlog"],
  ["教程", "Tutorial"],
  ["合集", "Collection"],
  ["短片", "Short"],
  ["现场", "Live Set"],
] as const;
export const tagPool = [
  "旅行",
  "音乐",
  "美食",
  "科技",
  "风景",
  "教程",
  "搞笑",
  "vlog",
  "travel",
  "music",
  "food",
  "tech",
];
const prices = [300, 500, 800, 1200, 1990, 2880];

/** Authors besides the demo author (content only: they have no password). */
const authors = [
  { mobile: "13900000002", nickName: "山海旅拍 Travel" },
  { mobile: "13900000003", nickName: "厨房日记 Kitchen" },
  { mobile: "13900000004", nickName: "极客实验室 Geek Lab" },
  { mobile: "13900000005", nickName: "音乐现场 Live Music" },
  { mobile: "13900000006", nickName: "Daily Vlogger" },
];

export const CATALOGUE_SIZE = 240;

export const classificationNames = [
  "推荐 Picks",
  "旅行 Travel",
  "美食 Food",
  "音乐 Music",
  "科技 Tech",
  "生活 Life",
  "风景 Scenery",
  "教程 Tutorials",
] as const;

/**
 * The demo catalogue on an empty video table: authors, classifications, topics, 240 published
 * videos over the seed clips (FREE, SVIP and CHARGE), a few of the demo author's videos still
 * under review, comments, follows, favourites, history, purchases, props and gold. Every balance
 * comes from a ledger entry, as it would in production.
 */
export async function seedCatalogue(ctx: AppContext, clips: readonly ClipManifest[]): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(videos);
  if ((existing?.n ?? 0) > 0 || clips.length === 0) return false;
  const rand = seededRandom(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const now = ctx.now().getTime();
  const HOUR = 3600_000;

  const demo = await ctx.db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, ["13800000001", "13800000002", "13800000003", "13900000001"]));
  const idOf = (mobile: string) => demo.find((u) => u.mobile === mobile)?.id;
  const member = idOf("13800000001");
  const ordinary = idOf("13800000002");
  const permanent = idOf("13800000003");
  const studio = idOf("13900000001");
  const authorIds: number[] = studio === undefined ? [] : [studio];
  for (const author of authors) {
    const id = await createAccount(ctx.db, { mobile: author.mobile, passwordHash: null, channelTagId: "0" });
    await ctx.db
      .update(users)
      .set({ nickName: author.nickName, isAuthor: true, introduction: "📹 " + author.nickName })
      .where(eq(users.id, id));
    authorIds.push(id);
  }

  const classifyIds = (
    await ctx.db
      .insert(classifications)
      .values(classificationNames.map((name, sort) => ({ name, sort })))
      .returning({ id: classifications.id })
  ).map((r) => r.id);
  const topicIds = (
    await ctx.db
      .insert(topics)
      .values([
        { title: "周末去哪儿 Weekend trips", description: "说走就走 · Just go", sort: 1 },
        { title: "一人食 Cooking for one", description: "简单好吃 · Simple and good", sort: 2 },
        { title: "夜的城市 Cities by night", description: "灯火 · Lights", sort: 3 },
        { title: "新手入门 For beginners", description: "从零开始 · From zero", sort: 4 },
        { title: "现场 Live sets", description: "听见现场 · Hear it live", sort: 5 },
        { title: "慢生活 Slow living", description: "慢一点 · Slow down", sort: 6 },
      ])
      .returning({ id: topics.id })
  ).map((r) => r.id);

  const levels = [WatchLevel.FREE, WatchLevel.SVIP, WatchLevel.FREE, WatchLevel.CHARGE];
  const rows: (typeof videos.$inferInsert)[] = [];
  for (let i = 0; i < CATALOGUE_SIZE; i++) {
    const clip = cycle(clips, i);
    const [placeZh, placeEn] = pick(places);
    const [kindZh, kindEn] = pick(kinds);
    const level = cycle(levels, i);
    const at = new Date(now - (i * 5 + Math.floor(rand() * 4)) * HOUR);
    rows.push({
      authorId: cycle(authorIds, i),
      title: `${placeZh}${kindZh} ${placeEn} ${kindEn} ${String(i + 1)}`,
      introduction: `${placeZh}，${kindZh}。${placeEn}: a ${kindEn.toLowerCase()} made for Platform H5.`,
      tags: [...new Set([pick(tagPool), pick(tagPool)])],
      allowDownload: level === WatchLevel.FREE && i % 3 === 0,
      watchLevel: level,
      amount: level === WatchLevel.CHARGE ? pick(prices) : 0,
      discount: level === WatchLevel.CHARGE && i % 12 === 3 ? 8.5 : null,
      freeTimeMs: Math.min(cycle([10_000, 15_000, 30_000], i), Math.floor(clip.lengthMs / 2)),
      classifyId: classifyIds[i % classifyIds.length] ?? null,
      topicId: i % 3 === 0 ? (topicIds[i % topicIds.length] ?? null) : null,
      channelTagId: i % 10 === 9 ? "1" : i % 10 === 8 ? "2" : "0",
      isHot: i % 7 === 0,
      isSelected: i % 5 === 0,
      mediaKey: clip.key,
      lengthMs: clip.lengthMs,
      width: clip.width,
      height: clip.height,
      status: VIDEO_PUBLISHED,
      auditTime: at,
      playCount: Math.floor(rand() ** 3 * 500_000),
      likeCount: Math.floor(rand() * 3000),
      createdAt: new Date(at.getTime() - HOUR),
      // Updated after being published, but never after now: a video posted later is the latest.
      updatedAt: new Date(Math.min(at.getTime() + Math.floor(rand() * 48) * HOUR, now)),
    });
  }
  // The demo author's own videos still on their way (spec §3 review statuses: the tips show), two
  // of them waiting for an operator (the console's review queue is not empty on a demo).
  if (studio !== undefined) {
    for (const [n, status] of [15, 20, 18, 60, 40, 40].entries()) {
      const clip = cycle(clips, n);
      rows.push({
        authorId: studio,
        title: `我的新作品 My new video ${String(n + 1)}`,
        introduction: "",
        watchLevel: WatchLevel.FREE,
        mediaKey: clip.key,
        lengthMs: clip.lengthMs,
        width: clip.width,
        height: clip.height,
        status,
        auditTime: null,
        createdAt: new Date(now - n * HOUR),
        updatedAt: new Date(now - n * HOUR),
      });
    }
  }
  const made = await ctx.db
    .insert(videos)
    .values(rows)
    .returning({ id: videos.id, watchLevel: videos.watchLevel, amount: videos.amount, title: videos.title });
  const charge = made.filter((v) => v.watchLevel === WatchLevel.CHARGE);
  await seedDailyPlays(ctx, made, now);

  const people = [member, ordinary, permanent].filter((x): x is number => x !== undefined);
  await ctx.db.transaction(async (tx) => {
    // Gold and other balances, through the ledger.
    const grants: [number | undefined, BalanceType, number][] = [
      [member, BalanceType.GOLD, 20_000],
      [member, BalanceType.WALLET, 5_000],
      [member, BalanceType.GAME, 800],
      [ordinary, BalanceType.GOLD, 500],
      [permanent, BalanceType.GOLD, 100_000],
      [permanent, BalanceType.WALLET, 12_000],
      [permanent, BalanceType.GAME, 3_000],
    ];
    for (const [userId, type, amount] of grants) {
      if (userId !== undefined) await grant(tx, { userId, type, amount, kind: "SEED" });
    }
    if (member !== undefined) {
      await tx.insert(userProps).values({ userId: member, integral: 1280, gameToken: 30, videoCard: 2 });
      // Two purchases, paid from the gold above.
      for (const video of charge.slice(0, 2)) {
        const [purchase] = await tx
          .insert(purchases)
          .values({ userId: member, videoId: video.id, payType: "GOLD", amount: video.amount })
          .returning({ id: purchases.id });
        await post(tx, {
          kind: "BUY_VIDEO",
          reference: `purchases:${String(purchase?.id)}`,
          legs: [
            { account: userAccount(member, BalanceType.GOLD), amount: -video.amount },
            { account: platform(PlatformAccount.REVENUE), amount: video.amount },
          ],
        });
        await writeMessage(tx, member, {
          kind: MessageKind.PURCHASE,
          params: { videoId: String(video.id), videoTitle: video.title, amount: video.amount },
        });
      }
      await tx.insert(watchHistory).values(
        made.slice(0, 6).map((v, n) => ({
          userId: member,
          videoId: v.id,
          seenMs: 5_000 * (n + 1),
          browsedAt: new Date(now - n * HOUR),
        })),
      );
      const [folder] = await tx
        .insert(favoriteFolders)
        .values({ userId: member, name: "我的最爱" })
        .returning({ id: favoriteFolders.id });
      const liked = made.slice(3, 6).map((v) => v.id);
      await tx.insert(videoCollects).values(liked.map((videoId) => ({ userId: member, videoId })));
      if (folder)
        await tx.insert(favoriteItems).values(liked.map((videoId) => ({ folderId: folder.id, videoId })));
      for (const videoId of liked)
        await tx.update(videos).set({ collectCount: 1 }).where(eq(videos.id, videoId));
    }
    if (permanent !== undefined)
      await tx.insert(userProps).values({ userId: permanent, integral: 5200, gameToken: 120, videoCard: 10 });
    for (const fan of people) {
      for (const author of authorIds.slice(0, fan === ordinary ? 1 : 3)) {
        await tx.insert(follows).values({ userId: fan, followUserId: author });
      }
    }
    // Comments on the first videos: members wrote them (only members may), others replied.
    const writers = [member, permanent].filter((x): x is number => x !== undefined);
    const lines = [
      "太美了！Beautiful!",
      "收藏了 Saved it",
      "求更新 More please",
      "这是哪里？Where is this?",
      "第一 First!",
      "学到了 Learned a lot",
    ];
    for (const video of made.slice(0, 24)) {
      const n = Math.floor(rand() * 5);
      let written = 0;
      for (let k = 0; k < n; k++) {
        const [root] = await tx
          .insert(comments)
          .values({
            videoId: video.id,
            userId: pick(writers),
            content: pick(lines),
            likeCount: Math.floor(rand() * 40),
            createdAt: new Date(now - (k + 1) * 7 * 60_000),
          })
          .returning({ id: comments.id, userId: comments.userId });
        const replies = root && k === 0 ? 3 : 0;
        written += 1 + replies;
        for (let r = 0; r < replies; r++) {
          const replier = pick(writers);
          const content = pick(lines);
          await tx.insert(comments).values({
            videoId: video.id,
            userId: replier,
            rootId: root?.id ?? null,
            replyToId: root?.id ?? null,
            content,
            createdAt: new Date(now - (k + 1) * 7 * 60_000 + (r + 1) * 60_000),
          });
          // As a real reply would, it tells the comment's author (the seed's members know each other).
          if (root && root.userId !== replier)
            await writeMessage(tx, root.userId, {
              kind: MessageKind.COMMENT_REPLY,
              params: {
                videoId: String(video.id),
                videoTitle: video.title,
                commentId: String(root.id),
                replierName: replier === member ? "小影 Ying" : "老周 Zhou",
                excerpt: content,
              },
            });
        }
      }
      if (written > 0) await tx.update(videos).set({ commentCount: written }).where(eq(videos.id, video.id));
    }
  });
  return true;
}

/**
 * The last week's plays of most videos (their own random stream, so the rest of the seed is as it
 * was), so the 'trend' tab ranks something on a fresh start.
 */
async function seedDailyPlays(ctx: AppContext, made: readonly { id: number }[], now: number): Promise<void> {
  const rand = seededRandom(20261125);
  const rows: (typeof videoDailyPlays.$inferInsert)[] = [];
  for (const video of made) {
    if (rand() < 0.3) continue;
    const weight = rand() ** 2;
    for (let daysAgo = 0; daysAgo < TREND_DAYS; daysAgo++) {
      const plays = Math.floor(weight * (40 + rand() * 260));
      if (plays > 0) rows.push({ videoId: video.id, day: utcDay(new Date(now), -daysAgo), plays });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db.insert(videoDailyPlays).values(rows.slice(i, i + 500));
}
