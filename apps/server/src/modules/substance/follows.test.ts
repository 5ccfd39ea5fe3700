import { ServerMessageKey } from "@platform/domain";
import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { startSocial, studioAccount } from "../../../test/social";
import type { Person, Social } from "../../../test/social";
import { videos } from "../../db/schema";
import { isPublished } from "./access";

eachDatabase("following over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let studio: Person;
  let publishedCount: Social["publishedCount"];
  let userIdOf: Social["userIdOf"];
  let fansOf: Social["fansOf"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, studio, publishedCount, userIdOf, fansOf } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("following", () => {
    it("follows and unfollows an author, idempotently", async () => {
      const author = await userIdOf("13900000004");
      const authorId = String(author);
      const fans = await fansOf(author);
      const before = await vip.api.substance.authorInfo({ userId: authorId });
      expect(before).toMatchObject({ userId: authorId, hasFollow: false, fansCount: fans, isSelf: false });
      const follow = { followUserId: authorId, userId: vip.userId };
      expect(await vip.api.contacts.follow(follow)).toEqual({ hasFollow: true, fansCount: fans + 1 });
      expect(await vip.api.contacts.follow(follow)).toEqual({ hasFollow: true, fansCount: fans + 1 });
      expect(await fansOf(author)).toBe(fans + 1);
      expect(await vip.api.substance.authorInfo({ userId: authorId })).toMatchObject({
        hasFollow: true,
        fansCount: fans + 1,
      });
      expect(await ordinary.api.substance.authorInfo({ userId: authorId })).toMatchObject({
        hasFollow: false,
        fansCount: fans + 1,
      });
      const [theirs] = await db()
        .select({ id: videos.id })
        .from(videos)
        .where(and(isPublished, eq(videos.authorId, author)))
        .limit(1);
      expect((await vip.api.substance.getInfoById({ id: String(theirs?.id) })).hasFollow).toBe(true);
      expect((await ordinary.api.substance.getInfoById({ id: String(theirs?.id) })).hasFollow).toBe(false);

      expect(await vip.api.contacts.unfollow(follow)).toEqual({ hasFollow: false, fansCount: fans });
      expect(await vip.api.contacts.unfollow(follow)).toEqual({ hasFollow: false, fansCount: fans });
      expect(await vip.api.substance.authorInfo({ userId: authorId })).toMatchObject({
        hasFollow: false,
        fansCount: fans,
      });
      expect((await vip.api.substance.getInfoById({ id: String(theirs?.id) })).hasFollow).toBe(false);
    });

    it("refuses following oneself, on someone else's behalf, or nobody", async () => {
      const author = String(await userIdOf("13900000004"));
      expect(
        await failure(vip.api.contacts.follow({ followUserId: vip.userId, userId: vip.userId })),
      ).toMatchObject({
        code: 400,
        msgKey: ServerMessageKey.cannotFollowSelf,
      });
      expect(
        await failure(vip.api.contacts.follow({ followUserId: author, userId: ordinary.userId })),
      ).toMatchObject({
        code: 403,
        msgKey: ServerMessageKey.notYours,
      });
      expect(
        (await failure(vip.api.contacts.unfollow({ followUserId: author, userId: ordinary.userId }))).code,
      ).toBe(403);
      expect(
        (await failure(vip.api.contacts.follow({ followUserId: "99999999", userId: vip.userId }))).code,
      ).toBe(404);
      expect(await fansOf(Number(author))).toBe(0);
      expect(await fansOf(Number(vip.userId))).toBe(0);
    });

    it("describes an author, to themselves and to others", async () => {
      const self = await studio.api.substance.authorInfo({ userId: studio.userId });
      const published = await publishedCount(eq(videos.authorId, Number(studio.userId)));
      // On one's own page every video of one's own counts, the ones under review included (Step 19).
      const [own] = await db()
        .select({ n: count() })
        .from(videos)
        .where(and(eq(videos.authorId, Number(studio.userId)), isNull(videos.deletedAt)));
      expect(self).toMatchObject({
        userId: studio.userId,
        nickName: studioAccount.nickName,
        isSelf: true,
        hasFollow: false,
        videoCount: own?.n ?? -1,
        fansCount: await fansOf(Number(studio.userId)),
        isVip: false,
      });
      // To anyone else only the published ones count: the four under review and the two awaiting
      // a reviewer (status 40, seeded for the console: Step 22) are not among them.
      const seen = await vip.api.substance.authorInfo({ userId: studio.userId });
      expect(seen.videoCount).toBe(published);
      expect(seen.videoCount).toBe(self.videoCount - 6);
      // The demo member follows the demo author (seeded).
      expect(await vip.api.substance.authorInfo({ userId: studio.userId })).toMatchObject({
        isSelf: false,
        hasFollow: true,
        fansCount: self.fansCount,
      });
      expect(await studio.api.substance.authorInfo({ userId: vip.userId })).toMatchObject({
        isSelf: false,
        isVip: true,
        videoCount: 0,
      });
      expect((await failure(vip.api.substance.authorInfo({ userId: "99999999" }))).code).toBe(404);
    });
  });
});
