import { ServerMessageKey } from "@platform/domain";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { demoAccounts } from "../../seed";

/** A tiny real PNG (1×1). */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

eachDatabase("uploads and the background", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  it("upload a picture with progress, set it as the background, and fetch it back", async () => {
    const { api: api } = await signIn(platform, demoAccounts[0]);
    const fractions: number[] = [];
    const uploaded = await api.uploadFile(new File([png], "bg.png", { type: "image/png" }), {
      uploadFileType: "PICTURE",
      onProgress: (p) => fractions.push(p.fraction),
    });
    expect(uploaded.bucketEnum).toBe("PUBLIC");
    expect(fractions.at(-1)).toBe(1);
    const { bgImgFileUrl } = await api.user.modifyBgImg({
      bgImgFilename: uploaded.key,
      bgImgBucket: uploaded.bucketEnum,
    });
    expect((await api.user.queryInfo()).bgImgFileUrl).toBe(bgImgFileUrl);
    const response = await fetch(`${platform.server.origin}${bgImgFileUrl}`);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("immutable");
    // Stored as sharp re-encoded it (pictures.test.ts): still the 1×1 PNG.
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      format: "png",
      width: 1,
      height: 1,
    });
  });

  it("someone else's upload cannot become my background", async () => {
    const { api: owner } = await signIn(platform, demoAccounts[0]);
    const uploaded = await owner.uploadFile(new File([png], "mine.png", { type: "image/png" }), {
      uploadFileType: "PICTURE",
    });
    const { api: other } = await signIn(platform, demoAccounts[1]);
    const error = await failure(
      other.user.modifyBgImg({ bgImgFilename: uploaded.key, bgImgBucket: "PUBLIC" }),
    );
    expect(error).toMatchObject({ code: 403, msgKey: ServerMessageKey.notYours });
    expect(
      (await failure(other.user.modifyBgImg({ bgImgFilename: "picture/1/none.png", bgImgBucket: "PUBLIC" })))
        .code,
    ).toBe(404);
  });

  it("only images for pictures, no SVG, and nothing over the size limit", async () => {
    const { api: api } = await signIn(platform, demoAccounts[0]);
    const sign = (contentType: string, fileSize = 100) =>
      api.upload.signUrl({
        busType: "FILE",
        channelEnum: "APP",
        fileName: "x",
        filePath: "",
        uploadFileType: "PICTURE",
        contentType,
        fileSize,
      });
    expect((await failure(sign("image/svg+xml"))).code).toBe(400);
    expect((await failure(sign("application/pdf"))).code).toBe(400);
    expect(await failure(sign("image/png", 11 * 1024 * 1024))).toMatchObject({
      msgKey: ServerMessageKey.uploadTooLarge,
      msgValues: { megabytes: 10 },
    });
    await expect(sign("image/jpeg")).resolves.toMatchObject({ bucketEnum: "PUBLIC" });
  });

  it("the PUT obeys its signature, its declared size and type, and happens once", async () => {
    const { api: api } = await signIn(platform, demoAccounts[0]);
    const { uploadUrl } = await api.upload.signUrl({
      busType: "FILE",
      channelEnum: "APP",
      fileName: "a.png",
      filePath: "",
      uploadFileType: "PICTURE",
      contentType: "image/png",
      fileSize: png.length,
    });
    const put = (url: string, body: Buffer, type = "image/png") =>
      fetch(`${platform.server.origin}${url}`, { method: "PUT", headers: { "content-type": type }, body });
    expect((await put(uploadUrl.replace(/sig=[^&]+/, "sig=forged"), png)).status).toBe(403);
    expect((await put(uploadUrl.replace(/expires=\d+/, "expires=1"), png)).status).toBe(403);
    expect((await put(uploadUrl, png, "image/jpeg")).status).toBe(415);
    expect((await put(uploadUrl, Buffer.concat([png, png]))).status).toBe(413);
    expect((await put(uploadUrl, png)).status).toBe(200);
    expect((await put(uploadUrl, png)).status).toBe(409);
  });

  /** Sign an upload of `bytes` of a kind (nothing is uploaded). */
  function signFor(api: Awaited<ReturnType<typeof signIn>>["api"], kind: "PICTURE" | "VIDEO", bytes: number) {
    return api.upload.signUrl({
      busType: "FILE",
      channelEnum: "APP",
      fileName: kind === "VIDEO" ? "clip.mp4" : "p.png",
      filePath: "",
      uploadFileType: kind,
      contentType: kind === "VIDEO" ? "video/mp4" : "image/png",
      fileSize: bytes,
    });
  }

  it("at most 10 signed uploads outstanding per person, however many are asked for at once", async () => {
    const { api } = await signIn(platform, demoAccounts[2]);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => signFor(api, "PICTURE", 1000)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = await failure(signFor(api, "PICTURE", 1000));
    expect(refused.code).toBe(429);
    expect(refused.msgKey).toBe(ServerMessageKey.uploadTooManyPending);
    expect(refused.msgValues).toEqual({ count: 10, minutes: expect.any(Number) as unknown });
    expect([14, 15]).toContain(refused.msgValues.minutes);
    // Expired signatures free their places.
    await platform.server.database.db.execute(
      `update uploads set expires_at = now() - interval '1 minute' where completed_at is null`,
    );
    await expect(signFor(api, "PICTURE", 1000)).resolves.toMatchObject({ bucketEnum: "PUBLIC" });
  });

  it("at most 4 GiB a day per person, and a video of at most 1 GiB", async () => {
    const { api } = await signIn(platform, demoAccounts[1]);
    const gib = 1024 ** 3;
    expect(await failure(signFor(api, "VIDEO", gib + 1))).toMatchObject({
      msgKey: ServerMessageKey.uploadTooLarge,
      msgValues: { megabytes: 1024 },
    });
    for (let i = 0; i < 4; i++) await signFor(api, "VIDEO", gib);
    const refused = await failure(signFor(api, "VIDEO", 1));
    expect(refused.code).toBe(429);
    expect(refused.msgKey).toBe(ServerMessageKey.uploadDailyQuota);
    expect(refused.msgValues).toEqual({ megabytes: 4096, hours: expect.any(Number) as unknown });
    expect([23, 24]).toContain(refused.msgValues.hours);
    // Signed but never finished, they stop counting once expired (a video's after
    // UPLOAD_RESUME_HOURS): what counts is what arrived.
    await platform.server.database.db.execute(
      `update uploads set expires_at = now() - interval '1 minute' where kind = 'VIDEO' and completed_at is null`,
    );
    await expect(signFor(api, "VIDEO", gib)).resolves.toMatchObject({ bucketEnum: "VIDEO" });
  });

  it("files that are not finished pictures are not served", async () => {
    const response = await fetch(`${platform.server.origin}/api/media/files/PUBLIC/picture/1/missing.png`);
    expect(response.status).toBe(404);
  });
});
