import { PriceFilter, formatAmount } from "@platform/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, myTab, registerAccount, signInQuickly } from "./browser";
import { gold, payOnProviderPage, rechargeOnProviderPage } from "./trading";
import { detailsOf, media, opened, playing, quickest, speedUp } from "./watching";

// Membership and the library, as a new user meets them: recharging, opening and renewing super
// membership on /membervip (then commenting and watching SVIP in full), collecting into folders and
// managing them, the watch history and the purchases. Each journey uses a fresh account.

const e2e = e2eBrowser();

/** Collects the video of the open page into a folder named `folder` (the watch screen's popup). */
async function collectInto(page: Page, videoId: string, folder: string, make: boolean): Promise<void> {
  await opened(page, videoId);
  await page.getByRole("button", { name: "收藏", exact: true }).click();
  const popup = page.getByRole("dialog", { name: "收藏到" });
  if (make) {
    await popup.getByRole("button", { name: "新建收藏夹" }).click();
    await popup.getByLabel("收藏夹名称").fill(folder);
    await popup.getByRole("button", { name: "新建并收藏" }).click();
  } else {
    await popup
      .getByRole("list", { name: "我的收藏夹" })
      .getByRole("button", { name: new RegExp(folder) })
      .click();
  }
  await page.getByText(`已收藏到「${folder}」`).waitFor();
}

describe("super membership, bought by a new user", () => {
  it("recharges, opens 30 days, comments, watches SVIP in full, renews; the gold drops by exactly the two prices", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api, userId } = await signInQuickly(context, account);
    await rechargeOnProviderPage(page, /银行转账/, "200");
    await payOnProviderPage(page);
    await expect.poll(() => gold(api), { timeout: 20_000 }).toBe(20_000);
    const plans = await api.user.vipGoodList();
    const month = plans.find((p) => p.days === 30);
    const quarter = plans.find((p) => p.days === 90);
    if (!month || !quarter) throw new Error("the seeded plans are missing");

    // An SVIP video stops at its preview with the membership dialog, which leads to /membervip
    // remembering the video; the purchase returns there and the video plays past the limit.
    const svip = quickest(await detailsOf(api, PriceFilter.super));
    await playing(page, svip.id);
    const wall = page.getByRole("dialog", { name: "该功能需要开通超级会员" });
    await wall.waitFor({ timeout: 30_000 });
    await wall.getByRole("button", { name: "开通会员" }).click();
    await page.waitForURL(/\/membervip\?from=%2Fvideoview/);
    await page.getByText("暂未开通超级会员").waitFor();
    await page.getByText(`会员购买付费视频享 ${String(100 - month.discount * 10)}% 优惠`).waitFor();
    await page.getByRole("radio", { name: /月卡/ }).check();
    await page.getByRole("button", { name: "立即开通" }).click();
    const confirm = page.getByRole("dialog", { name: "确认开通" });
    await confirm.getByTestId("pay-confirm-after").waitFor();
    expect(await confirm.getByTestId("pay-confirm-after").textContent()).toBe(
      `${formatAmount(20_000 - month.amount)} 金币`,
    );
    await confirm.getByRole("button", { name: /确认支付/ }).click();
    await page.waitForURL(new RegExp(`/videoview\\?id=${svip.id}$`), { timeout: 15_000 });
    await page.getByText("开通成功，会员剩余 30 天").waitFor();
    await page.locator("video").waitFor();
    await speedUp(page);
    await expect
      .poll(async () => (await media(page)).time, { timeout: 30_000 })
      .toBeGreaterThan(svip.freeTimeMs / 1000 + 1.5);
    expect(await wall.count()).toBe(0);

    // The 'my' panel says so.
    await page.goto("/home");
    await myTab(page).click();
    const panel = page.getByRole("dialog", { name: /我的/ });
    await panel.getByText("剩余 30 天").waitFor({ timeout: 15_000 });
    await page.keyboard.press("Escape");

    // A comment, now allowed.
    const free = (await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })).records[7];
    if (!free) throw new Error("no video");
    await opened(page, free.id);
    await page.getByRole("button", { name: "评论", exact: true }).click();
    const comments = page.getByRole("dialog", { name: /^评论/ });
    const input = comments.getByLabel("发表评论");
    await input.click();
    const words = `新会员的评论 ${String(Date.now())}`;
    await input.fill(words);
    await comments.getByRole("button", { name: "发送" }).click();
    await expect
      .poll(async () => (await comments.getByRole("list", { name: "评论列表" }).textContent()) ?? "", {
        timeout: 15_000,
      })
      .toContain(words);
    await page.keyboard.press("Escape");

    // Renewing adds 90 days to the end of the term.
    await page.goto("/membervip");
    await page.getByRole("radio", { name: /季卡/ }).check();
    await page.getByRole("button", { name: "立即续费" }).click();
    const renew = page.getByRole("dialog", { name: "确认续费" });
    await renew.getByText(/在当前会员到期后再增加 90 天/).waitFor();
    await renew.getByRole("button", { name: /确认支付/ }).click();
    await page.getByText("超级会员，剩余 120 天").waitFor({ timeout: 15_000 });
    expect(await gold(api)).toBe(20_000 - month.amount - quarter.amount);
    expect((await api.user.queryInfo()).remainDays).toBe(120);
    expect(userId).not.toBe("");
  });

  it("in English: the 'my' panel's shortcut and back; with too little gold 'Recharge first' leads to /trade, whose back returns", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    await signInQuickly(context, account);
    await page.addInitScript(() => {
      localStorage.setItem("language", "enUS");
    });
    // The 'my' panel's shortcut lands on the member centre, remembering the page; back returns.
    await page.goto("/home");
    await myTab(page, "Me").click();
    await page.getByRole("button", { name: "Get super VIP" }).click();
    await page.waitForURL(/\/membervip\?from=%2Fhome$/);
    await page.getByText("Not a super VIP yet").waitFor();
    await page.getByRole("button", { name: /back/i }).first().click();
    await page.waitForURL(/\/home$/);

    await page.goto("/membervip");
    await page.getByText("Not a super VIP yet").waitFor();
    await page.getByText(/Not enough gold/i).waitFor();
    await page.getByRole("button", { name: "Recharge first" }).click();
    await page.waitForURL(/\/trade\?from=%2Fmembervip/);
    // The address changes a moment before /trade's screen renders; until it has, the member centre
    // is still shown, with its own back (home): wait for /trade's header before pressing.
    await page.getByRole("heading", { name: "Trade", exact: true }).waitFor();
    await page.getByRole("button", { name: /back/i }).first().click();
    await page.waitForURL(/\/membervip$/);
  });
});

describe("the library of a new user", () => {
  it("collects three videos into two folders, browses, moves one, removes one, renames and deletes a folder", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);
    const videos = (await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })).records.slice(
      10,
      13,
    );
    const [a, b, c] = videos;
    if (!a || !b || !c) throw new Error("not enough videos");
    await collectInto(page, a.id, "周末片单", true);
    await collectInto(page, b.id, "周末片单", false);
    await collectInto(page, c.id, "学习资料", true);

    // All collected videos, then the folders.
    await page.goto("/mycollection?active=ALL");
    const all = page.getByRole("list", { name: "收藏的视频" });
    await expect.poll(() => all.locator(":scope > li").count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole("link", { name: "收藏夹", exact: true }).click();
    await page.waitForURL(/active=FAVORITES/);
    await page.getByRole("link", { name: /周末片单/ }).click();
    await page.waitForURL(/\/collection\?id=/);
    const inFolder = page.getByRole("list", { name: "收藏夹里的视频" });
    await expect.poll(() => inFolder.locator(":scope > li").count(), { timeout: 15_000 }).toBe(2);

    // Move one to the other folder: nothing chosen is refused first.
    await page.getByRole("button", { name: "选择" }).click();
    await page.getByRole("button", { name: /移动到…/ }).click();
    await page.getByText("请至少选择一个视频").waitFor();
    await inFolder.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: /移动到…/ }).click();
    const move = page.getByRole("dialog", { name: "移动到收藏夹" });
    await move.getByRole("radio", { name: /学习资料/ }).check();
    await move.getByRole("button", { name: "移动" }).click();
    await page.getByText("已移动").waitFor();
    await expect.poll(() => inFolder.locator(":scope > li").count(), { timeout: 15_000 }).toBe(1);

    // Remove the other one from this folder.
    await page.getByRole("button", { name: "选择" }).click();
    await inFolder.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: /移出收藏夹/ }).click();
    await page
      .getByRole("alertdialog", { name: "移出收藏夹？" })
      .getByRole("button", { name: "移出" })
      .click();
    await page.getByText("已移出收藏夹").waitFor();
    await page.getByText("收藏夹里还没有视频").waitFor({ timeout: 15_000 });
    const folders = await api.substance.getFavorite();
    expect(Object.fromEntries(folders.map((f) => [f.name, f.videoCount]))).toEqual({
      周末片单: 0,
      学习资料: 2,
    });

    // Back goes to the folders; rename one and delete the other.
    await page.getByRole("button", { name: "返回" }).click();
    await page.waitForURL(/\/myCollection\?active=FAVORITES/i);
    await page.getByRole("link", { name: "管理收藏夹" }).click();
    await page.waitForURL(/\/addmycollection/);
    await page.getByRole("button", { name: "重命名 学习资料" }).click();
    const rename = page.getByRole("dialog", { name: "重命名收藏夹" });
    await rename.getByLabel("收藏夹名称").fill("x");
    await rename.getByRole("button", { name: "保存" }).click();
    await rename.getByText("收藏夹名称为 2-16 位中文或英文字母").waitFor();
    await rename.getByLabel("收藏夹名称").fill("学习笔记");
    await rename.getByRole("button", { name: "保存" }).click();
    await page.getByText("已重命名").waitFor();
    await page.getByRole("button", { name: "删除 周末片单" }).click();
    await page.getByRole("alertdialog", { name: "删除收藏夹" }).getByRole("button", { name: "删除" }).click();
    await expect
      .poll(async () => (await api.substance.getFavorite()).map((f) => [f.name, f.videoCount]), {
        timeout: 15_000,
      })
      .toEqual([["学习笔记", 2]]);
  });

  it("finds two watched videos in history with their positions, deletes one, clears all; purchases are listed", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);
    const [first, second] = (
      await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })
    ).records.slice(14, 16);
    if (!first || !second) throw new Error("not enough videos");
    for (const video of [first, second]) {
      await playing(page, video.id, 1);
      // Leaving the page reports how far it played (doPlay on close).
      await page.goto("/home");
    }
    await expect
      .poll(async () => (await api.search.watchHistory({})).records.length, { timeout: 15_000 })
      .toBe(2);

    await page.goto("/myhistory");
    const list = page.getByRole("list", { name: "观看历史" });
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 15_000 }).toBe(2);
    await list.getByText(/看到/).first().waitFor();
    // Search by title.
    await page.getByLabel("搜索历史记录").fill(first.videoTitle.slice(0, 6));
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel("搜索历史记录").fill("");
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 15_000 }).toBe(2);
    // Delete one with its delete button (the swipe's), after the confirmation.
    await list.getByRole("button", { name: /删除/ }).first().focus();
    await list.getByRole("button", { name: /删除/ }).first().click();
    await page
      .getByRole("alertdialog", { name: "删除历史记录" })
      .getByRole("button", { name: "删除" })
      .click();
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 15_000 }).toBe(1);
    // Clear everything.
    await page.getByRole("button", { name: "清空" }).click();
    await page
      .getByRole("alertdialog", { name: "清空历史记录" })
      .getByRole("button", { name: "删除" })
      .click();
    await page.getByText("暂无观看记录").waitFor({ timeout: 15_000 });
    expect((await api.search.watchHistory({})).records).toEqual([]);

    // Purchases: none for this new user; a buyer's, in English, each opening its video.
    await page.goto("/mybuy");
    await page.getByText("还没有购买过视频").waitFor();
    const buyer = await e2e.phone();
    const { api: buyerApi } = await signInQuickly(buyer.context, demo.vip);
    await buyer.page.addInitScript(() => {
      localStorage.setItem("language", "enUS");
    });
    const bought = (await buyerApi.substance.myBuyVideoList({ current: 1, size: 10 })).records;
    expect(bought.length).toBeGreaterThanOrEqual(2);
    await buyer.page.goto("/mybuy");
    const rows = buyer.page.getByRole("list", { name: "Purchased videos" });
    await expect.poll(() => rows.locator(":scope > li").count(), { timeout: 15_000 }).toBe(bought.length);
    await rows.getByText(bought[0]?.videoTitle ?? "", { exact: true }).click();
    await buyer.page.waitForURL(new RegExp(`/videoview\\?id=${bought[0]?.id ?? ""}$`));
  });

  it("in English: a folder's videos removed, a folder made on /addmycollection, history with 'Watched to'", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);
    await page.addInitScript(() => {
      localStorage.setItem("language", "enUS");
    });
    const [video] = (await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })).records.slice(
      17,
      18,
    );
    if (!video) throw new Error("no video");
    const folder = await api.substance.createFavorite({ name: "Weekend" });
    await api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [video.id] });

    await page.goto("/mycollection?active=ALL");
    await page.getByRole("list", { name: "Favourite videos" }).getByText(video.videoTitle).waitFor();
    await page.getByRole("link", { name: "Folders", exact: true }).click();
    await page.getByRole("link", { name: /Weekend/ }).click();
    await page.getByRole("button", { name: "Select" }).click();
    await page.getByRole("list", { name: "Videos in this folder" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Remove from folder (1)" }).click();
    // Asked first; the toast says what happened (not 'deleted').
    await page
      .getByRole("alertdialog", { name: "Remove from the folder?" })
      .getByRole("button", { name: "Remove" })
      .click();
    await page.getByText("Removed from the folder").waitFor();
    await page.getByText("No videos in this folder yet").waitFor({ timeout: 15_000 });

    await page.goto("/addmycollection");
    await page.getByLabel("New folder name").fill("Movies");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("Folder “Movies” created").waitFor();
    expect((await api.substance.getFavorite()).map((f) => f.name).sort()).toEqual(["Movies", "Weekend"]);

    await page.goto("/myhistory");
    await page.getByText("No history yet").waitFor();
    await playing(page, video.id, 1);
    await page.goto("/myhistory");
    await page
      .getByRole("list", { name: "Watch history" })
      .getByText(/Watched to/)
      .waitFor({ timeout: 15_000 });
  });
});
