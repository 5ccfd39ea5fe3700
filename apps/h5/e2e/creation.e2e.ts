import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, GEEK_LAB, geekLab, registerAccount, signInQuickly } from "./browser";

const e2e = e2eBrowser();

/** A valid 1 × 1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const videos = (page: Page) => page.getByRole("list", { name: "作品列表" }).getByRole("listitem");
const fans = async (page: Page) => Number(await page.locator('[data-count="fans"] dd').textContent());
const followButton = (page: Page) => page.getByRole("button", { name: /^(关注|已关注)$/ });
const background = (page: Page) => page.getByTestId("author-background").locator("img");

describe("the author's page (/creationcenter)", () => {
  it("shows another author's videos; following counts one more fan, unfollowing one fewer", async () => {
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, demo.vip);
    const authorId = (await geekLab(api)).userId;
    const first = await api.substance.browseMyVideo({ userId: authorId, current: 1, size: 10 });
    await page.goto(`/creationcenter?id=${authorId}`);
    await expect
      .poll(() => page.getByRole("heading", { name: GEEK_LAB, level: 1 }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect.poll(() => videos(page).count(), { timeout: 15_000 }).toBe(first.records.length);
    expect(first.records.length).toBeGreaterThan(0);
    expect(await videos(page).first().textContent()).toContain(first.records[0]?.videoTitle ?? "?");

    // Whatever state this account is in, it goes through both changes and ends where it began.
    const followedAtFirst = (await followButton(page).textContent()) === "已关注";
    const steps = followedAtFirst ? (["关注", "已关注"] as const) : (["已关注", "关注"] as const);
    for (const after of steps) {
      const before = await fans(page);
      await followButton(page).click();
      await expect.poll(() => followButton(page).textContent(), { timeout: 15_000 }).toBe(after);
      expect(await fans(page)).toBe(after === "已关注" ? before + 1 : before - 1);
      const server = await api.substance.authorInfo({ userId: authorId });
      expect(server.hasFollow).toBe(after === "已关注");
    }

    // A video opens on /videoview.
    await videos(page).first().getByRole("button").first().click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/videoview\?id=/);
    // The router writes a numeric-looking string id in quotes (?id="4"); either way it is the id.
    expect(new URL(page.url()).searchParams.get("id")?.replace(/^"|"$/g, "")).toBe(first.records[0]?.id);
  });

  it("reports the author from the three-dots menu", async () => {
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, demo.vip);
    const authorId = (await geekLab(api)).userId;
    await page.goto(`/creationcenter?id=${authorId}`);
    await page.getByRole("button", { name: "更多操作" }).click();
    await page.getByRole("dialog", { name: "更多操作" }).getByRole("button", { name: "举报" }).click();
    const reasons = page.getByRole("dialog", { name: "请选择举报原因" });
    await reasons.getByRole("button", { name: "垃圾广告" }).click();
    await expect
      .poll(() => page.getByText("举报成功，我们会尽快处理").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The report is stored once: reporting again is accepted and changes nothing.
    await expect(
      api.system.report({ targetType: "USER", targetId: authorId, reason: "SPAM" }),
    ).resolves.toBeNull();
  });

  it("a new user changes their own background with a picture; a text file is refused", async () => {
    const { context, page } = await e2e.phone();
    const { api, userId } = await signInQuickly(context, await registerAccount());

    await page.goto(`/creationcenter?id=${userId}`);
    await expect.poll(() => page.getByText("你还没有发布作品").count(), { timeout: 15_000 }).toBe(1);
    // Their own page: no follow button, no Report menu.
    expect(await followButton(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "更多操作" }).count()).toBe(0);
    expect(await background(page).count()).toBe(0);

    await page.getByRole("button", { name: "更换背景" }).click();
    const menu = page.getByRole("dialog", { name: "更换背景" });
    expect(await menu.getByRole("button", { name: "拍照" }).count()).toBe(1);
    const chooser = page.waitForEvent("filechooser");
    await menu.getByRole("button", { name: "从相册选择" }).click();
    await (await chooser).setFiles({ name: "background.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => page.getByText("背景已更换").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const src = await background(page).getAttribute("src");
    expect(src).toMatch(/^\/api\/media\/files\/PUBLIC\/picture\//);
    // The picture is served, and the server tells everyone about it.
    await expect.poll(() => background(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect((await api.user.userInfo({ userId })).bgImgFileUrl).toBe(src);
    expect((await api.substance.authorInfo({ userId })).bgImgFileUrl).toBe(src);

    // 'View image' shows it full screen.
    await page.getByRole("button", { name: "更换背景" }).click();
    await page.getByRole("dialog", { name: "更换背景" }).getByRole("button", { name: "查看图片" }).click();
    const viewer = page.getByRole("dialog", { name: "背景图片" });
    expect(await viewer.getByRole("img").getAttribute("src")).toBe(src);
    await viewer.getByRole("button", { name: "关闭" }).click();
    await expect.poll(() => viewer.count()).toBe(0);

    // A text file is refused with the message, and the background stays.
    await page.getByRole("button", { name: "更换背景" }).click();
    const textChooser = page.waitForEvent("filechooser");
    await page.getByRole("dialog", { name: "更换背景" }).getByRole("button", { name: "从相册选择" }).click();
    await (
      await textChooser
    ).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await expect.poll(() => page.getByText("请选择图片文件").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await background(page).getAttribute("src")).toBe(src);
    expect((await api.user.userInfo({ userId })).bgImgFileUrl).toBe(src);
  });

  it("an id that is no one's shows 'not found' with a way home", async () => {
    const { context, page } = await e2e.phone();
    await signInQuickly(context, demo.ordinary);
    await page.goto("/creationcenter?id=99999999");
    await expect.poll(() => page.getByText("找不到这位用户").count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole("link", { name: "返回首页" }).click();
    await page.waitForURL("**/home");
  });
});
