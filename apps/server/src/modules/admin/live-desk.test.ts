import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, rowsOf, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { freshOperator } from "../../../test/admin";
import { goLive, openChat, TestEncoder, withTimeout } from "../../../test/live";
import { personWithGold, rulesEnv } from "../../../test/money";

/** The console's live desk (Step 22) against a real broadcast, on both databases. */
eachDatabase("the console's live desk", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(target, { ...rulesEnv, LIVE_RTMP_PORT: "0" });
  });
  afterAll(() => platform.close());

  const tokenOf = (api: { client: { storage: { get(key: string): string | null } } }) =>
    api.client.storage.get("accessToken") ?? "";

  it("an administrator ends a broadcast while a viewer watches; mutes and removes in the chat", async () => {
    const author = await personWithGold(platform);
    const viewer = await personWithGold(platform);
    const { mine, encoder } = await goLive(author.api);
    const admin = await freshOperator(platform, "admin");
    const watching = await openChat(
      `${platform.server.origin}/api/live/chat/${mine.roomId}/events?token=${tokenOf(viewer.api)}`,
    );
    try {
      expect((await admin.call("live.rooms", {})).items.map((r) => r.roomId)).toContain(mine.roomId);
      // The chat: a message removed leaves every viewer's chat; a muted person cannot talk.
      const said = await viewer.api.game.liveChatSend({ roomId: mine.roomId, content: "刷屏 spam" });
      await admin.call("live.removeMessage", { messageId: said.id, reason: "spam" });
      await watching.until((events) => events.some((e) => e.event === "removed"));
      await admin.call("live.mute", {
        roomId: mine.roomId,
        userId: viewer.userId.toString(),
        minutes: 10,
        reason: "spam",
      });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(
        (await failure(viewer.api.game.liveChatSend({ roomId: mine.roomId, content: "again" }))).msgKey,
      ).toBe("server.liveChatMuted");
      // Ended: the encoder is dropped at once, the viewer is told, the old key cannot come back.
      await admin.call("live.end", { roomId: mine.roomId, reason: "违规内容 Breaks the rules" });
      expect(await withTimeout(encoder.exited(), 8000)).not.toBe("timeout");
      await watching.until((events) =>
        events.some((e) => e.event === "room" && (e.data as { status?: string }).status === "ENDED"),
      );
      const back = new TestEncoder(`${mine.rtmpUrl ?? ""}/${mine.streamKey}`);
      expect(await withTimeout(back.exited(), 8000)).not.toBe("timeout");
      await back.stop();
      const room = await author.api.game.liveRoom({ roomId: mine.roomId });
      expect([room.isLive, room.status]).toEqual([false, "ENDED"]);
      const [audit] = await rowsOf<{ actor: string; reason: string }>(
        platform,
        `select actor, reason from audit_log where action = 'live.end' order by id desc limit 1`,
      );
      expect(audit?.reason).toBe("违规内容 Breaks the rules");
    } finally {
      watching.close();
      await encoder.stop();
    }
  }, 90_000);
});
