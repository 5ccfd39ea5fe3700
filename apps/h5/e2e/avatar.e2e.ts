import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eBrowser, registerAccount, screenshot, signInQuickly } from "./browser";

// The avatar's round crop (Step 19, issue 37 item 23) against the real server, in both languages:
// the chosen picture is dragged and zoomed (the slider and the keys), then what the crop shows is
// cut, uploaded and made the avatar. The picture is a screenshot of the page itself (a real image).

const e2e = e2eBrowser();

const words = {
  zh: {
    heading: "编辑资料",
    dialog: "预览头像",
    crop: /^裁剪头像/,
    zoom: "缩放",
    use: "使用这张",
    done: "头像已更换",
  },
  en: {
    heading: "Edit profile",
    dialog: "Preview avatar",
    crop: /^Crop the avatar/,
    zoom: "Zoom",
    use: "Use this one",
    done: "Avatar changed",
  },
} as const;

async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    localStorage.setItem("language", "enUS");
  });
}

/** Where the picture sits in the crop (its inline style: what the saved square follows). */
const placement = (page: Page) =>
  page.locator(".h5-avatar-crop__picture").evaluate((img: HTMLImageElement) => img.getAttribute("style"));

describe("the avatar's crop (Step 19)", () => {
  for (const language of ["zh", "en"] as const) {
    it(`${language}: drags and zooms the picture in the round crop, then saves it`, async () => {
      const said = words[language];
      const { context, page } = await e2e.phone();
      if (language === "en") await inEnglish(context);
      await signInQuickly(context, await registerAccount());
      await page.goto("/editprofile");
      await page.getByRole("heading", { name: said.heading }).waitFor({ timeout: 15_000 });
      const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 390, height: 260 } });

      await page
        .getByTestId("avatar-album")
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
      const dialog = page.getByRole("dialog", { name: said.dialog });
      const crop = dialog.getByRole("group", { name: said.crop });
      await crop.waitFor();
      const slider = dialog.getByRole("slider", { name: said.zoom });
      await expect.poll(() => slider.isEnabled()).toBe(true);
      const centred = await placement(page);

      // Zoom by the slider, then drag the picture to the left with a finger (mouse here).
      await slider.fill("2");
      const box = await crop.boundingBox();
      if (box === null) throw new Error("no crop on screen");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      const dragged = await placement(page);
      expect(dragged).not.toBe(centred);
      // The keys: focused, + zooms in and an arrow moves it.
      await crop.focus();
      await page.keyboard.press("+");
      await page.keyboard.press("ArrowUp");
      expect(Number(await slider.inputValue())).toBeCloseTo(2.2);
      expect(await placement(page)).not.toBe(dragged);
      await screenshot(page, `avatar-crop-${language === "zh" ? "zh-CN" : "en-US"}`);

      await dialog.getByRole("button", { name: said.use }).click();
      await expect
        .poll(() => page.getByText(said.done, { exact: true }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    });
  }
});
