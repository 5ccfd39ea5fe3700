import type { Video } from "@platform/api-client";
import { PriceFilter, WatchLevel, formatAmount } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, myTab, registerAccount, signInQuickly } from "./browser";
import { detailsOf, media, opened, playing, quickest, speedUp } from "./watching";

const e2e = e2eBrowser();

describe("watching", () => {
  it("plays a free video to its end", async () => {
    const { context, page } = await e2e.phone();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const { api } = await signInQuickly(context, demo.vip);
    const free = (await api.substance.getVideoList({ price: PriceFilter.free, size: 50 })).records;
    const shortest = [...free].sort((a: Video, b: Video) => a.videoLength - b.videoLength)[0];
    if (shortest === undefined) throw new Error("no free video");
    await playing(page, shortest.id, 0.5);
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const state = await media(page);
          seen.push(state.time);
          return state.ended;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    const end = await media(page);
    expect(end.error).toBeNull();
    expect(end.time).toBeGreaterThan(shortest.videoLength / 1000 - 1);
    // Time only moved forward on the way.
    expect(seen.every((t, i) => i === 0 || t >= (seen[i - 1] ?? 0))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("stops a non-member's SVIP video at the limit with the membership dialog; a member plays past it", async () => {
    const ordinary = await e2e.phone();
    const member = await e2e.phone();
    const { api } = await signInQuickly(ordinary.context, demo.ordinary);
    const svip = quickest(await detailsOf(api, PriceFilter.super));
    expect(svip.privileges.vipInfo.isVip).toBe(false);
    const limit = svip.freeTimeMs / 1000;

    await playing(ordinary.page, svip.id);
    const dialog = ordinary.page.getByRole("dialog", { name: "该功能需要开通超级会员" });
    await dialog.waitFor({ timeout: 30_000 });
    const stopped = await media(ordinary.page);
    expect(stopped.paused).toBe(true);
    expect(Math.abs(stopped.time - limit)).toBeLessThan(0.75);
    // Dismissed: the trial has ended, the picture offers membership again.
    await dialog.getByRole("button", { name: "取消" }).click();
    await ordinary.page.getByRole("button", { name: "开通超级会员" }).waitFor();

    await signInQuickly(member.context, demo.vip);
    await playing(member.page, svip.id);
    await expect
      .poll(async () => (await media(member.page)).time, { timeout: 30_000 })
      .toBeGreaterThan(limit + 1.5);
    expect(await member.page.getByRole("dialog", { name: "该功能需要开通超级会员" }).count()).toBe(0);
  });

  it("CHARGE: a poor user is sent to recharge, one with gold buys, the balance drops, playback goes on", async () => {
    const poor = await e2e.phone();
    const buyer = await e2e.phone();
    const fresh = await registerAccount();
    const { api: poorApi } = await signInQuickly(poor.context, fresh);
    const { api } = await signInQuickly(buyer.context, demo.ordinary);
    const gold = (await api.game.userBalance()).gold;
    const affordable = (await detailsOf(api, PriceFilter.paid)).filter(
      (v) => v.watchLevel === WatchLevel.CHARGE && !v.privileges.buyInfo.isBuy && v.amount <= gold,
    );
    const video = quickest(affordable);
    const limit = video.freeTimeMs / 1000;

    // No gold: the buy popup's button reads 'goto recharge' and leads to recharging.
    await playing(poor.page, video.id);
    const poorPopup = poor.page.getByRole("dialog", { name: "购买视频" });
    await poorPopup.waitFor({ timeout: 30_000 });
    await poorPopup.getByRole("button", { name: "去充值" }).click();
    await poor.page.waitForURL(/\/trade\?from=/);

    // Without the purchase, a later segment of the video is refused when fetched directly.
    const info = await poorApi.substance.getInfoById({ id: video.id });
    const playlistUrl = info.multiResolutionList[0]?.videoPlayUrl ?? "";
    const token = poorApi.client.storage.get("accessToken") ?? "";
    const refused = await poor.page.evaluate(
      async ({ playlistUrl, token }) => {
        const url = new URL(playlistUrl, location.origin);
        url.searchParams.set("token", token);
        const playlist = await (await fetch(url)).text();
        const segments = playlist.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
        const last = segments[segments.length - 1] ?? "";
        const next = new URL(last, url);
        // The segment after the preview's last one, named as the preview's are.
        next.pathname = next.pathname.replace(
          /seg_(\d+)/,
          (_, n: string) => `seg_${String(Number(n) + 2).padStart(n.length, "0")}`,
        );
        const signed = await fetch(next);
        next.search = "";
        next.searchParams.set("token", token);
        const bare = await fetch(next);
        return { previewSegments: segments.length, signed: signed.status, bare: bare.status };
      },
      { playlistUrl, token },
    );
    expect(refused.previewSegments).toBeGreaterThan(0);
    expect(refused.signed).toBe(403);
    expect(refused.bare).toBe(403);

    // With gold: buy at the limit, 'buy success', and the video plays on past the limit.
    await playing(buyer.page, video.id);
    const popup = buyer.page.getByRole("dialog", { name: "购买视频" });
    await popup.waitFor({ timeout: 30_000 });
    await popup.getByRole("button", { name: "购买", exact: true }).click();
    await buyer.page.getByText("购买成功").waitFor();
    await expect.poll(async () => (await media(buyer.page)).paused, { timeout: 15_000 }).toBe(false);
    await speedUp(buyer.page);
    await expect
      .poll(async () => (await media(buyer.page)).time, { timeout: 30_000 })
      .toBeGreaterThan(limit + 1.5);

    // The 'my' panel shows the gold balance less the price.
    const after = formatAmount(gold - video.amount);
    await buyer.page.goto("/home");
    await myTab(buyer.page).click();
    const balances = buyer.page.getByRole("dialog", { name: "我的" }).getByLabel("余额", { exact: true });
    await expect.poll(() => balances.textContent(), { timeout: 15_000 }).toContain(after);
    expect((await api.game.userBalance()).gold).toBe(gold - video.amount);
  });

  it("resumes where the viewer left off", async () => {
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, demo.vip);
    const free = (await api.substance.getVideoList({ price: PriceFilter.free, size: 50 })).records;
    const long = [...free].sort((a: Video, b: Video) => b.videoLength - a.videoLength)[0];
    if (long === undefined) throw new Error("no free video");
    await playing(page, long.id);
    await expect.poll(async () => (await media(page)).time, { timeout: 30_000 }).toBeGreaterThan(12);
    const left = (await media(page)).time;
    // Leave for home (the player reports the position), then come back.
    await page.goto("/home");
    await expect
      .poll(async () => (await api.substance.getInfoById({ id: long.id })).seenMs ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(10_000);
    await opened(page, long.id);
    await expect.poll(async () => (await media(page)).time, { timeout: 20_000 }).toBeGreaterThan(10);
    const back = await media(page);
    expect(back.time).toBeGreaterThan(left - 3);
  });
});

describe("reacting", () => {
  it("sends a comment that shows on top, deletes it, and reports another's comment", async () => {
    const writer = await e2e.phone();
    const reader = await e2e.phone();
    const { api } = await signInQuickly(writer.context, demo.vip);
    const video = (await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })).records[3];
    if (video === undefined) throw new Error("no video");
    await opened(writer.page, video.id);
    await writer.page.getByRole("button", { name: "评论", exact: true }).click();
    const panel = writer.page.getByRole("dialog", { name: /^评论/ });
    await panel.waitFor();
    const words = `端到端评论 ${String(Date.now())}`;
    const input = panel.getByLabel("发表评论");
    await input.click();
    await input.fill(words);
    await panel.getByRole("button", { name: "发送" }).click();
    const list = panel.getByRole("list", { name: "评论列表" });
    await expect
      .poll(async () => (await list.locator(":scope > li").first().textContent()) ?? "", {
        timeout: 15_000,
      })
      .toContain(words);

    // Another person reports it.
    await signInQuickly(reader.context, demo.ordinary);
    await opened(reader.page, video.id);
    await reader.page.getByRole("button", { name: "评论", exact: true }).click();
    const theirPanel = reader.page.getByRole("dialog", { name: /^评论/ });
    const theirs = theirPanel.getByRole("listitem").filter({ hasText: words }).first();
    await theirs.getByRole("button", { name: "评论操作" }).click();
    const actions = reader.page.getByRole("dialog", { name: "评论操作" });
    expect(await actions.getByRole("button", { name: "删除" }).count()).toBe(0);
    await actions.getByRole("button", { name: "举报" }).click();
    await reader.page
      .getByRole("dialog", { name: "请选择举报原因" })
      .getByRole("button", { name: "垃圾广告" })
      .click();
    await reader.page.getByText("举报成功，我们会尽快处理").waitFor();

    // The writer deletes it: gone from the list.
    const mine = list.getByRole("listitem").filter({ hasText: words }).first();
    await mine.getByRole("button", { name: "评论操作" }).click();
    await writer.page.getByRole("dialog", { name: "评论操作" }).getByRole("button", { name: "删除" }).click();
    await writer.page.getByText("删除成功").waitFor();
    await expect.poll(() => list.getByText(words).count(), { timeout: 15_000 }).toBe(0);
    const server = await api.substance.commentList({ substanceId: video.id, size: 50 });
    expect(server.records.some((c) => c.commentContent === words)).toBe(false);
  });

  it("collects a video into a new folder", async () => {
    const { context, page } = await e2e.phone();
    const fresh = await registerAccount();
    const { api } = await signInQuickly(context, fresh);
    const video = (await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })).records[5];
    if (video === undefined) throw new Error("no video");
    await opened(page, video.id);
    const collect = page.getByRole("button", { name: "收藏", exact: true });
    await collect.click();
    const popup = page.getByRole("dialog", { name: "收藏到" });
    await popup.getByRole("button", { name: "新建收藏夹" }).click();
    const name = popup.getByLabel("收藏夹名称");
    // A bad name is refused with the rule, and the typed text stays.
    await name.fill("a");
    await popup.getByRole("button", { name: "新建并收藏" }).click();
    await popup.getByText("收藏夹名称为 2-16 位中文或英文字母").waitFor();
    await name.fill("周末片单");
    await popup.getByRole("button", { name: "新建并收藏" }).click();
    await page.getByText("已收藏到「周末片单」").waitFor();
    await expect.poll(() => collect.getAttribute("aria-pressed")).toBe("true");
    const folders = await api.substance.getFavorite();
    expect(folders.map((f) => [f.name, f.videoCount])).toEqual([["周末片单", 1]]);
    const inFolder = await api.substance.collectList({ favoriteId: folders[0]?.id ?? "" });
    expect(inFolder.records.map((v) => v.id)).toEqual([video.id]);
  });
});
