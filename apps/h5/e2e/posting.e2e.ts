import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { VideoStatus } from "@platform/domain";
import type { PlatformApi } from "@platform/api-client";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleVideo, sampleVideoPath } from "../../server/test/creation";
import { postgresTarget } from "../../server/test/databases";
import { startLocalS3 } from "../../server/test/s3";
import type { LocalS3 } from "../../server/test/s3";
import { e2eBrowser, registerAccount, signInQuickly } from "./browser";
import { startPostingServer } from "./posting-server";
import type { PostingServer } from "./posting-server";
import { media } from "./watching";

// Posting a video as a new user would (Step 14): from /editvideo with the upload's progress shown,
// through processing and review (the operators' command) to playback from the feed and search;
// an upload cut off part-way that goes on without sending the first parts again; a text file named
// .mp4; a refusal's red tip; deleting. Each server here is its own process on its own database.

const e2e = e2eBrowser();

/** Each journey's heaviest steps take seconds here and much longer on a loaded 2-core CI machine. */
const JOURNEY_MS = 240_000;

/** Where a journey is, with the seconds since it began: printed so a slow run says which step was slow. */
function marks(): (step: string) => void {
  const began = performance.now();
  return (step) => {
    process.stderr.write(`[posting] ${((performance.now() - began) / 1000).toFixed(1)} s ${step}\n`);
  };
}

/** A 3-second clip of about 1.5 MB: six parts of 256 KiB on the local store. */
const CLIP = "landscape-3s";
sampleVideo(CLIP, { seconds: 3, width: 640, height: 360, noise: true });

async function newcomer(server: PostingServer, page: Page): Promise<{ api: PlatformApi; userId: string }> {
  const api = server.api();
  const account = await registerAccount(api, (mobile) => server.lastSmsCode(mobile));
  return signInQuickly(page.context(), account, api);
}

/** Fills the new-post screen and publishes; answers the new video's id (from the author's list). */
async function post(page: Page, api: PlatformApi, file: string, title: string): Promise<string> {
  await page.goto("/editvideo");
  await page.getByTestId("video-file").setInputFiles(file);
  await page.getByLabel("标题（必填）").fill(title);
  const upload = page.getByRole("group", { name: "视频上传" });
  await upload.waitFor();
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/creationcenter/);
  const mine = await api.substance.getMyVideoList({ current: 1, size: 10 });
  const found = mine.records.find((v) => v.videoTitle === title);
  if (!found) throw new Error(`no video "${title}" after publishing`);
  return found.id;
}

async function statusOf(api: PlatformApi, id: string): Promise<number> {
  const mine = await api.substance.getMyVideoList({ current: 1, size: 20 });
  return mine.records.find((v) => v.id === id)?.type ?? -1;
}

/** The row of a video on the owner's page. */
const row = (page: Page, title: string) =>
  page.getByRole("list", { name: "作品列表" }).getByRole("listitem").filter({ hasText: title });

/** Opens the video whose card shows `title` and waits until it has played past 0.3 s. */
async function playsFrom(page: Page, card: ReturnType<Page["getByRole"]>): Promise<void> {
  await card.waitFor({ timeout: 20_000 });
  await card.getByRole("button").first().click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/videoview\?id=/);
  await page.locator("video").waitFor();
  await expect.poll(async () => (await media(page)).time, { timeout: 30_000 }).toBeGreaterThan(0.3);
}

/** As another person: the video plays from the home feed (newest first), then from search. */
async function watchedFromFeedAndSearch(server: PostingServer, page: Page, title: string): Promise<void> {
  await newcomer(server, page);
  await page.goto("/home?sort=recentUpdate");
  await playsFrom(
    page,
    page.getByRole("list", { name: "视频列表" }).getByRole("listitem").filter({ hasText: title }).first(),
  );
  await page.goto("/search");
  const box = page.getByRole("searchbox", { name: "搜索关键词" });
  await box.fill(title);
  await box.press("Enter");
  const result = page
    .getByRole("list", { name: "视频搜索结果", exact: true })
    .getByRole("listitem")
    .filter({ hasText: title })
    .first();
  await playsFrom(page, result);
}

// On this server's disk with PostgreSQL when it answers (the review command then runs beside the
// server, as operators run it); in S3 on the embedded database (the server stops for the command).
const database = postgresTarget.available ? "postgres" : "embedded";

describe(`posting a video, on this server's disk (${database})`, () => {
  let server: PostingServer;
  beforeAll(async () => {
    server = await startPostingServer({}, database);
  });
  afterAll(async () => {
    await server.close();
  });

  it(
    "uploads with progress, survives a dropped connection without sending the first parts again, is reviewed and plays",
    async () => {
      const mark = marks();
      const { context, page } = await e2e.phone(server.origin);
      const { api } = await newcomer(server, page);
      mark("signed in");
      // The connection of the fourth part is cut once; every part that reached the server is counted.
      const sent: number[] = [];
      let cut = false;
      await context.route("**/api/media/upload/*/parts/*", async (route) => {
        const part = Number(/\/parts\/(\d+)/.exec(route.request().url())?.[1]);
        if (part === 4 && !cut) {
          cut = true;
          await route.abort("connectionreset");
          return;
        }
        sent.push(route.request().postDataBuffer()?.length ?? 0);
        await route.continue();
      });
      const fractions: number[] = [];
      await page.goto("/editvideo");
      await page.getByTestId("video-file").setInputFiles(sampleVideoPath(CLIP));
      const bar = page.getByRole("progressbar", { name: "上传进度" });
      const status = page.getByRole("group", { name: "视频上传" }).getByRole("status");
      // The progress moves, and a cut shows as waiting for the network before it goes on.
      for (let i = 0; i < 400 && (await status.textContent())?.includes("上传完成") !== true; i++) {
        const now = Number(await bar.getAttribute("aria-valuenow").catch(() => "0"));
        if (fractions.at(-1) !== now) fractions.push(now);
        await page.waitForTimeout(25);
      }
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain("上传完成");
      expect(cut).toBe(true);
      expect(fractions.filter((f) => f > 0 && f < 100).length).toBeGreaterThan(1);
      // Every byte once: the cut part was sent again, nothing before it.
      const size = sampleVideo(CLIP, { seconds: 3, width: 640, height: 360, noise: true }).length;
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(size);
      mark("uploaded");

      await page.getByLabel("标题（必填）").fill("第一次发布 city walk");
      await page.getByRole("button", { name: "发布", exact: true }).click();
      await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/creationcenter/);
      const id = (await api.substance.getMyVideoList({ current: 1, size: 10 })).records[0]?.id ?? "";
      mark("published");
      // Processing, the automatic checks, then waiting for an operator: the row says 'reviewing'.
      await expect.poll(() => statusOf(api, id), { timeout: 60_000 }).toBe(VideoStatus.awaitingReview);
      await page.reload();
      mark("processed");
      await expect.poll(() => row(page, "第一次发布").textContent(), { timeout: 15_000 }).toContain("审核中");

      const approved = await server.review("approve", id);
      expect(approved).toMatchObject({ status: 0, stdout: `video ${id} published\n` });
      mark("approved");
      await page.reload();
      await expect
        .poll(() => row(page, "第一次发布").textContent(), { timeout: 15_000 })
        .not.toContain("审核中");
      // In the feed, and it plays for someone else from the feed and from search.
      const feed = await server.api().substance.getVideoList({ sort: "recentUpdate", current: 1, size: 20 });
      expect(feed.records.map((v) => v.id)).toContain(id);
      const viewer = await e2e.phone(server.origin);
      await watchedFromFeedAndSearch(server, viewer.page, "第一次发布");
      mark("played from the feed and search");
    },
    JOURNEY_MS,
  );

  it(
    "a text file named .mp4 ends as upload failed, its reason in red on the owner's page",
    async () => {
      const { page } = await e2e.phone(server.origin);
      const { api } = await newcomer(server, page);
      const fake = join(tmpdir(), `notes-${String(Date.now())}.mp4`);
      writeFileSync(fake, "this is not a video\n".repeat(2000));
      const id = await post(page, api, fake, "不是视频");
      await expect.poll(() => statusOf(api, id), { timeout: 60_000 }).toBe(VideoStatus.uploadFailed);
      await page.reload();
      const failed = row(page, "不是视频");
      await expect
        .poll(() => failed.textContent(), { timeout: 15_000 })
        .toContain("这个文件不是可以识别的视频");
      expect(await failed.textContent()).toContain("上传失败");
    },
    JOURNEY_MS,
  );

  it(
    "a refused video shows its red tip and reason; deleting removes it and its media",
    async () => {
      const { page } = await e2e.phone(server.origin);
      const { api } = await newcomer(server, page);
      const id = await post(page, api, sampleVideoPath(CLIP), "会被拒绝");
      await expect.poll(() => statusOf(api, id), { timeout: 60_000 }).toBe(VideoStatus.awaitingReview);
      const clip = (await api.substance.getInfoById({ id })).coverFileUrl?.split("/")[4] ?? "";
      expect(existsSync(join(server.dataDir, "uploads", "MEDIA", clip))).toBe(true);
      expect((await server.review("reject", id, "画面模糊")).status).toBe(0);
      await page.reload();
      const refused = row(page, "会被拒绝");
      await expect.poll(() => refused.textContent(), { timeout: 15_000 }).toContain("审核未通过：画面模糊");
      // The tip is red (an error).
      expect(await refused.locator(".pf-video-row__tip--error").count()).toBeGreaterThan(0);

      await refused.getByRole("button", { name: "删除《会被拒绝》" }).click();
      await page
        .getByRole("alertdialog", { name: "删除视频" })
        .getByRole("button", { name: "删除", exact: true })
        .click();
      await page.getByText("删除成功").waitFor();
      await expect.poll(() => refused.count(), { timeout: 15_000 }).toBe(0);
      expect(existsSync(join(server.dataDir, "uploads", "MEDIA", clip))).toBe(false);
      expect((await api.substance.getMyVideoList({ current: 1, size: 10 })).records).toEqual([]);
    },
    JOURNEY_MS,
  );
});

describe("posting a video, on S3-compatible storage (a local s3rver)", () => {
  let s3: LocalS3;
  let server: PostingServer;
  beforeAll(async () => {
    s3 = await startLocalS3();
    server = await startPostingServer(s3.env);
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it(
    "uploads straight to the bucket, is reviewed and plays from the feed and search",
    async () => {
      const { context, page } = await e2e.phone(server.origin);
      const { api } = await newcomer(server, page);
      const toBucket: string[] = [];
      context.on("request", (request) => {
        if (request.method() === "PUT" && request.url().startsWith(s3.endpoint)) toBucket.push(request.url());
      });
      const id = await post(page, api, sampleVideoPath(CLIP), "云端视频 cloud");
      await expect.poll(() => statusOf(api, id), { timeout: 60_000 }).toBe(VideoStatus.awaitingReview);
      expect(toBucket.length).toBeGreaterThan(0);
      expect(toBucket.every((url) => url.includes("X-Amz-Signature="))).toBe(true);
      expect((await server.review("approve", id)).status).toBe(0);
      const feed = await server.api().substance.getVideoList({ sort: "recentUpdate", current: 1, size: 20 });
      expect(feed.records.map((v) => v.id)).toContain(id);
      const viewer = await e2e.phone(server.origin);
      await watchedFromFeedAndSearch(server, viewer.page, "云端视频");
    },
    JOURNEY_MS,
  );
});
