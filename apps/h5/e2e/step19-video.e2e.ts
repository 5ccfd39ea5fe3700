import { PriceFilter, WatchLevel, durationOf } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, inLanguage, registerAccount, screenshot, signInQuickly } from "./browser";
import { detailsOf, media, playing, quickest } from "./watching";

const e2e = e2eBrowser();

/** The words of these journeys in the app's two languages. */
const words = {
  zh: {
    buy: "购买视频",
    balance: "金币余额",
    cancel: "取消",
    trialEnded: "试看已结束，购买后即可观看完整视频",
    buyFull: "购买完整视频",
    select: "选择",
    remove: "移出收藏夹（1）",
    removeTitle: "移出收藏夹？",
    removeConfirm: "移出",
    removed: "已移出收藏夹",
    paid: "付费",
    post: "发布",
    noFile: "请选择要上传的视频",
    noTitle: "请输入标题",
    noPrice: "请输入价格",
  },
  en: {
    buy: "Buy video",
    balance: "Gold balance",
    cancel: "Cancel",
    trialEnded: "The preview has ended. Buy the video to watch all of it.",
    buyFull: "Buy the full video",
    select: "Select",
    remove: "Remove from folder (1)",
    removeTitle: "Remove from the folder?",
    removeConfirm: "Remove",
    removed: "Removed from the folder",
    paid: "Paid",
    post: "Post",
    noFile: "Choose a video to upload",
    noTitle: "Enter a title",
    noPrice: "Enter a price",
  },
} as const;

describe.each(["zh", "en"] as const)("Step 19's video screens (%s)", (lang) => {
  const w = words[lang];

  it("a paid video's bar shows its whole length, the locked part marked; one buy sheet for every path", async () => {
    const { context, page } = await e2e.phone();
    await inLanguage(page, lang);
    const { api } = await signInQuickly(context, demo.ordinary);
    const paid = (await detailsOf(api, PriceFilter.paid)).filter(
      (v) => v.watchLevel === WatchLevel.CHARGE && !v.privileges.buyInfo.isBuy,
    );
    const video = quickest(paid);
    await playing(page, video.id, 0.2);
    // The bar: the real length (not the preview's), the part past the preview locked.
    await page.locator("video").evaluate((v: HTMLVideoElement) => {
      v.pause();
    });
    await page.locator(".pf-player").hover();
    const time = page.locator(".pf-player__time");
    await expect.poll(() => time.textContent()).toMatch(new RegExp(` / ${durationOf(video.videoLength)}$`));
    expect(await page.getByTestId("player-locked").count()).toBe(1);
    await screenshot(page, `player-locked-${lang}`);

    // Seeking into the locked part asks to buy: the sheet with the prices, the balance and cancel.
    const slider = page.locator(".pf-player__progress");
    const box = await slider.boundingBox();
    if (box === null) throw new Error("no progress bar");
    await page.mouse.click(box.x + box.width * 0.95, box.y + box.height / 2);
    const sheet = page.getByRole("dialog", { name: w.buy });
    await sheet.waitFor({ timeout: 15_000 });
    expect(await sheet.getByText(w.balance).count()).toBe(1);
    await screenshot(page, `buy-sheet-${lang}`);
    await sheet.getByRole("button", { name: w.cancel }).click();

    // The trial ended: the cover's button opens the same sheet, saying so, with balance and cancel.
    await page.getByRole("button", { name: w.buyFull }).click();
    await sheet.waitFor();
    await sheet.getByText(w.trialEnded).waitFor();
    expect(await sheet.getByText(w.balance).count()).toBe(1);
    expect(await sheet.getByRole("button", { name: w.cancel }).count()).toBe(1);
    expect(await media(page).then((m) => m.paused)).toBe(true);
    await screenshot(page, `buy-sheet-trial-ended-${lang}`);
  });

  it("removing a video from a folder asks first and says it was removed", async () => {
    const { context, page } = await e2e.phone();
    await inLanguage(page, lang);
    const { api } = await signInQuickly(context, await registerAccount());
    const [video] = (await api.substance.getVideoList({ price: PriceFilter.free, size: 5 })).records;
    if (!video) throw new Error("no video");
    const folder = await api.substance.createFavorite({ name: lang === "zh" ? "周末片单" : "Weekend" });
    await api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [video.id] });
    await page.goto(`/collection?id=${folder.id}`);
    await page.getByText(video.videoTitle).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: w.select }).click();
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: w.remove }).click();
    const ask = page.getByRole("alertdialog", { name: w.removeTitle });
    await ask.waitFor();
    await screenshot(page, `folder-remove-${lang}`);
    await ask.getByRole("button", { name: w.removeConfirm }).click();
    await page.getByText(w.removed).waitFor();
    await screenshot(page, `folder-removed-${lang}`);
    expect((await api.substance.getFavorite()).find((f) => f.id === folder.id)?.videoCount).toBe(0);
  });

  it("the editor shows every problem of a submit at once", async () => {
    const { context, page } = await e2e.phone();
    await inLanguage(page, lang);
    await signInQuickly(context, await registerAccount());
    await page.goto("/editvideo");
    await page.getByRole("radio", { name: w.paid }).check();
    await page.getByRole("button", { name: w.post, exact: true }).click();
    for (const said of [w.noFile, w.noTitle, w.noPrice]) await page.getByText(said).waitFor();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await screenshot(page, `editor-errors-${lang}`);
  });
});
