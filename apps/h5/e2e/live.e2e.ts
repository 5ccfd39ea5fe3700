import type { Page } from "playwright-core";
import { WatchLevel } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { TestEncoder } from "../../server/test/live";
import { e2eBrowser, registerAccount, signInQuickly } from "./browser";

// Live rooms against the real server (decision 0022): an author's encoder (ffmpeg) publishes to the
// RTMP ingest with the stream key the app shows; /starlive lists the room as live to someone not
// signed in, who watches it; a signed-in viewer's chat message reaches them, the author removes it;
// the encoder stops and the room says it ended. A room turning paid closes its chat for those who
// may not watch it now (decision 0025).

const e2e = e2eBrowser();

/** Seconds of the live video played so far (the element's clock). */
function playedSeconds(page: Page): Promise<number> {
  return page.getByTestId("live-video").evaluate((video) => (video as HTMLVideoElement).currentTime);
}

describe("live rooms", () => {
  it("goes live from an encoder, plays to anyone, carries chat, and ends", async () => {
    const author = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(author.context, account);

    // The author's room: the encoder's server and the stream key, hidden until asked for.
    await author.page.goto("/starlive?mine=1");
    const rtmpUrl = author.page.getByTestId("live-rtmp-url");
    await expect
      .poll(() => rtmpUrl.textContent(), { timeout: 15_000 })
      .toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    const key = author.page.getByTestId("live-stream-key");
    expect(await key.textContent()).not.toMatch(/\d+-\d+-/);
    await author.page.getByRole("button", { name: "显示" }).click();
    const mine = await api.game.liveMyRoom();
    expect(await key.textContent()).toBe(mine.streamKey);
    await author.page.getByLabel("标题").fill("端到端直播 E2E live");
    await author.page.getByRole("button", { name: "保存", exact: true }).click();
    await expect.poll(async () => (await api.game.liveMyRoom()).title).toBe("端到端直播 E2E live");

    const encoder = new TestEncoder(`${(await rtmpUrl.textContent()) ?? ""}/${mine.streamKey}`, {
      width: 426,
      height: 240,
    });
    try {
      // Someone not signed in: the list shows the room live; the room plays.
      const viewer = await e2e.phone();
      await viewer.page.goto("/starlive");
      const card = viewer.page.getByRole("button", { name: /端到端直播 E2E live/ });
      const started = Date.now();
      await expect
        .poll(
          async () => {
            await viewer.page.reload();
            // The list, or its empty state, once loaded.
            await viewer.page
              .getByText(/现在没有直播|直播中|已结束/)
              .first()
              .waitFor({ timeout: 10_000 });
            return (await card.count()) > 0 && (await card.textContent())?.includes("直播中");
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(true);
      await card.click();
      await expect.poll(() => playedSeconds(viewer.page), { timeout: 30_000 }).toBeGreaterThan(2);
      console.log(`[live e2e] from the encoder's start to 2 s played: ${String(Date.now() - started)} ms`);
      // The quality menu: adaptive first, then the renditions.
      await viewer.page.getByRole("button", { name: /清晰度/ }).click();
      expect(await viewer.page.getByRole("menuitemradio").allTextContents()).toEqual([
        "自动",
        "240p",
        "144p",
      ]);
      await viewer.page.keyboard.press("Escape");
      // Reading the chat needs no account; writing asks to sign in.
      const log = viewer.page.getByRole("log");
      await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain("还没有人发言");
      expect(await viewer.page.getByRole("button", { name: "登录后参与聊天" }).count()).toBe(1);

      // A signed-in viewer writes; the message reaches the other viewer and the author.
      const talker = await e2e.phone();
      await signInQuickly(talker.context, await registerAccount());
      // On the narrowest phone (320 px) the send button stays whole beside the field.
      await talker.page.setViewportSize({ width: 320, height: 700 });
      await talker.page.goto(`/starlive?room=${mine.roomId}`);
      await talker.page.getByLabel("聊天内容").fill("你好，直播！");
      const send = talker.page.getByRole("button", { name: "发送", exact: true });
      const box = await send.boundingBox();
      expect(box !== null && box.x + box.width <= 320 && box.height < 48).toBe(true);
      await send.click();
      await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain("你好，直播！");
      await author.page.goto(`/starlive?room=${mine.roomId}`);
      const remove = author.page.getByRole("button", { name: /删除 .* 的发言/ });
      await expect.poll(() => remove.count(), { timeout: 10_000 }).toBe(1);
      await remove.click();
      await expect.poll(() => log.textContent(), { timeout: 10_000 }).not.toContain("你好，直播！");

      // The encoder stops: the room ends for the viewer.
      await encoder.stop();
      await expect
        .poll(() => viewer.page.getByText("直播已结束").count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
    } finally {
      await encoder.stop();
    }
  }, 180_000);

  it("a room turning paid while watched closes the chat and says what it needs now", async () => {
    const author = await e2e.phone();
    const { api } = await signInQuickly(author.context, await registerAccount());
    const mine = await api.game.liveMyRoom();
    // Someone not signed in reads a free room's chat (the room has not gone live: no encoder needed).
    const viewer = await e2e.phone();
    await viewer.page.goto(`/starlive?room=${mine.roomId}`);
    const log = viewer.page.getByRole("log");
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain("还没有人发言");
    // The author makes it a ticket room: the server closes the viewer's chat with the reason, and
    // the room shows it above the ticket it needs now.
    await api.game.liveSaveRoom({ title: "付费直播 E2E", watchLevel: WatchLevel.CHARGE, price: 100 });
    await expect
      .poll(() => viewer.page.getByText("主播已将直播间改为购票观看").count(), { timeout: 15_000 })
      .toBe(1);
    expect(await viewer.page.getByRole("button", { name: "购买门票" }).count()).toBe(1);
    expect(await log.count()).toBe(0);
  }, 60_000);

  it("in English: the list and going live", async () => {
    const { context, page } = await e2e.phone();
    await context.addInitScript(() => {
      localStorage.setItem("language", "enUS");
    });
    await page.goto("/starlive");
    await expect.poll(() => page.getByRole("heading", { name: "Live" }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole("button", { name: "Go live" }).count()).toBe(1);
    // Going live needs an account: the sign-in page, coming back to the author's room.
    await page.getByRole("button", { name: "Go live" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/login");
    // The author's room opened by its address: signing in first, not a 'session expired'.
    await page.goto("/starlive?mine=1");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/starlive?mine=1");
  }, 60_000);
});
