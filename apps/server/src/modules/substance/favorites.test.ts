import { MessageKey, ServerMessageKey, VIDEO_PUBLISHED } from "@platform/domain";
import { count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { startSocial } from "../../../test/social";
import type { Person, Social } from "../../../test/social";
import { favoriteItems, videoCollects, videos } from "../../db/schema";

eachDatabase("favourite folders over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let fresh: Social["fresh"];
  let rowOf: Social["rowOf"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, fresh, rowOf } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("favourite folders", () => {
    it("accepts 2-16 letters or Chinese characters, unique per person", async () => {
      for (const name of ["a", "ab1", "我的1", "a b", "abcdefghijklmnopq"]) {
        expect(await failure(vip.api.substance.createFavorite({ name }))).toMatchObject({
          code: 400,
          msgKey: MessageKey.folderNameFormat,
          msgValues: { min: 2, max: 16 },
        });
      }
      expect(await failure(vip.api.substance.createFavorite({ name: "  " }))).toMatchObject({
        code: 400,
        msgKey: MessageKey.folderNameRequired,
      });
      const mine = await vip.api.substance.createFavorite({ name: "我的收藏" });
      expect(mine).toMatchObject({ name: "我的收藏", videoCount: 0 });
      const travel = await vip.api.substance.createFavorite({ name: "Travel" });
      expect(travel.name).toBe("Travel");
      for (const name of ["Travel", "travel", " TRAVEL ", "我的最爱"]) {
        expect(await failure(vip.api.substance.createFavorite({ name }))).toMatchObject({
          code: 409,
          msgKey: ServerMessageKey.folderNameTaken,
        });
      }
      // Another person may use the same name.
      expect((await ordinary.api.substance.createFavorite({ name: "Travel" })).name).toBe("Travel");
      const folders = await vip.api.substance.getFavorite();
      expect(folders.map((f) => f.name)).toEqual(["我的最爱", "我的收藏", "Travel"]);
      expect((await ordinary.api.substance.getFavorite()).map((f) => f.name)).toEqual(["Travel"]);
    });

    it("lets only the owner change, fill, read or delete a folder", async () => {
      const folder = await vip.api.substance.createFavorite({ name: "Mine" });
      const video = String(fresh().id);
      expect(
        await failure(ordinary.api.substance.updateFavorite({ id: folder.id, name: "Stolen" })),
      ).toMatchObject({
        code: 403,
        msgKey: ServerMessageKey.notYours,
      });
      expect((await failure(ordinary.api.substance.deleteFavorite({ id: folder.id }))).code).toBe(403);
      expect(
        (await failure(ordinary.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [video] })))
          .code,
      ).toBe(403);
      expect(
        (
          await failure(
            ordinary.api.substance.unbindCollect({ favoriteId: folder.id, substanceIds: [video] }),
          )
        ).code,
      ).toBe(403);
      expect((await failure(ordinary.api.substance.collectList({ favoriteId: folder.id }))).code).toBe(403);
      expect((await failure(vip.api.substance.updateFavorite({ id: "99999999", name: "Nobody" }))).code).toBe(
        404,
      );
      expect((await vip.api.substance.getFavorite()).find((f) => f.id === folder.id)?.name).toBe("Mine");

      expect((await vip.api.substance.updateFavorite({ id: folder.id, name: "Trips" })).name).toBe("Trips");
      expect(
        (await failure(vip.api.substance.updateFavorite({ id: folder.id, name: "我的最爱" }))).code,
      ).toBe(409);
      // Renaming to its own name again is no conflict.
      expect((await vip.api.substance.updateFavorite({ id: folder.id, name: "Trips" })).name).toBe("Trips");
      await vip.api.substance.deleteFavorite({ id: folder.id });
      expect((await vip.api.substance.getFavorite()).some((f) => f.id === folder.id)).toBe(false);
      expect((await failure(vip.api.substance.deleteFavorite({ id: folder.id }))).code).toBe(404);
    });

    it("binds several videos at once (collecting them) and unbinds them", async () => {
      const folder = await vip.api.substance.createFavorite({ name: "Bound" });
      expect(
        await failure(vip.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [] })),
      ).toMatchObject({
        code: 400,
        msgKey: MessageKey.chooseVideo,
      });
      const chosen = [fresh(), fresh(), fresh()];
      const ids = chosen.map((v) => String(v.id));
      const bound = await vip.api.substance.bindCollect({
        favoriteId: folder.id,
        substanceIds: [...ids, ids[0] ?? ""],
      });
      expect(bound).toMatchObject({ id: folder.id, name: "Bound", videoCount: 3 });
      expect(bound.coverUrl).not.toBeNull();
      for (const video of chosen) {
        expect((await vip.api.substance.getInfoById({ id: String(video.id) })).collectFlag).toBe(true);
        expect((await rowOf(video.id)).collectCount).toBe(video.collectCount + 1);
      }
      // Binding again changes nothing.
      expect(
        (await vip.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: ids })).videoCount,
      ).toBe(3);
      for (const video of chosen) expect((await rowOf(video.id)).collectCount).toBe(video.collectCount + 1);
      // A video under review cannot go in.
      const [pending] = await db()
        .select({ id: videos.id })
        .from(videos)
        .where(ne(videos.status, VIDEO_PUBLISHED))
        .limit(1);
      expect(
        (
          await failure(
            vip.api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [String(pending?.id)] }),
          )
        ).code,
      ).toBe(404);
      expect((await vip.api.substance.getFavorite()).find((f) => f.id === folder.id)?.videoCount).toBe(3);

      const inFolder = await vip.api.substance.collectList({ favoriteId: folder.id });
      expect(inFolder.total).toBe(3);
      expect(inFolder.records.map((v) => v.id).sort()).toEqual([...ids].sort());
      const everything = await vip.api.substance.collectList({ size: 50 });
      const [collected] = await db()
        .select({ n: count() })
        .from(videoCollects)
        .where(eq(videoCollects.userId, Number(vip.userId)));
      expect(everything.total).toBe(collected?.n);
      expect(ids.every((id) => everything.records.some((v) => v.id === id))).toBe(true);
      expect(everything.total).toBeGreaterThan(3);
      // Nobody else's collection shows them.
      expect(
        (await ordinary.api.substance.collectList({ size: 50 })).records.some((v) => ids.includes(v.id)),
      ).toBe(false);

      const unbound = await vip.api.substance.unbindCollect({
        favoriteId: folder.id,
        substanceIds: [ids[0] ?? ""],
      });
      expect(unbound.videoCount).toBe(2);
      expect(
        (await vip.api.substance.collectList({ favoriteId: folder.id })).records.map((v) => v.id).sort(),
      ).toEqual(ids.slice(1).sort());
      // Un-collecting a video also takes it out of the folder.
      await vip.api.substance.cancelCollect({ substanceId: ids[1] ?? "" });
      expect((await vip.api.substance.getFavorite()).find((f) => f.id === folder.id)?.videoCount).toBe(1);
      const [items] = await db()
        .select({ n: count() })
        .from(favoriteItems)
        .where(eq(favoriteItems.folderId, Number(folder.id)));
      expect(items?.n).toBe(1);
      expect(
        await failure(vip.api.substance.unbindCollect({ favoriteId: folder.id, substanceIds: [] })),
      ).toMatchObject({
        code: 400,
        msgKey: MessageKey.chooseVideo,
      });
    });
  });
});
