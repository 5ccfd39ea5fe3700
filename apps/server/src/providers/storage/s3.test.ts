import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessageKey, VideoStatus } from "@platform/domain";
import { post, sampleVideo, statusBecomes, until, uploadVideo, videoFile } from "../../../test/creation";
import { embedded, failure, registerPhone, rowsOf, signIn, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { startLocalS3 } from "../../../test/s3";
import type { LocalS3 } from "../../../test/s3";
import { MEDIA_BUCKET } from "../../media/library";
import { seed } from "../../seed";
import { approveReview } from "../../modules/posting/review";

/**
 * The same upload-to-playback path with S3-compatible storage (a local s3rver): uploads go
 * straight to the bucket with presigned URLs, the clip is stored there and served from it.
 */
describe("S3-compatible storage (a local s3rver)", () => {
  let s3: LocalS3;
  let platform: TestPlatform;
  // Above S3's 5 MiB part minimum, so the video goes in two parts.
  const clip = sampleVideo("landscape-3s-heavy", {
    seconds: 3,
    width: 640,
    height: 360,
    noise: true,
    kbps: 20_000,
  });

  beforeAll(async () => {
    s3 = await startLocalS3();
    platform = await startPlatform(embedded, { ...s3.env, UPLOAD_PART_BYTES: "65536" });
    await seed(platform.server.ctx);
  });
  afterAll(async () => {
    await platform.close();
    await s3.close();
  });

  const newcomer = async () => {
    const { phone, password } = await registerPhone(platform);
    return signIn(platform, { mobile: phone, password });
  };

  it("a picture goes straight to the bucket with a presigned PUT and is served from it", async () => {
    const { api } = await newcomer();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const sign = await api.upload.signUrl({
      busType: "FILE",
      channelEnum: "APP",
      fileName: "bg.png",
      filePath: "",
      uploadFileType: "PICTURE",
      contentType: "image/png",
      fileSize: png.length,
    });
    expect(sign.uploadUrl.startsWith(s3.endpoint)).toBe(true);
    // The app may send there: the bucket's origin is in the policy's connect-src.
    const health = await fetch(`${platform.server.origin}/health`);
    expect(health.headers.get("content-security-policy")).toContain(`connect-src 'self' ${s3.endpoint}`);
    expect(sign.uploadUrl).toContain("X-Amz-Signature=");
    // The signature covers the type and the length (S3 refuses another; s3rver checks no SigV4).
    expect(new URL(sign.uploadUrl).searchParams.get("X-Amz-SignedHeaders")).toBe(
      "content-length;content-type;host",
    );
    const uploaded = await api.uploadFile(new File([png], "bg.png", { type: "image/png" }), {
      uploadFileType: "PICTURE",
    });
    const { bgImgFileUrl } = await api.user.modifyBgImg({
      bgImgFilename: uploaded.key,
      bgImgBucket: "PUBLIC",
    });
    const served = await fetch(`${platform.server.origin}${bgImgFileUrl}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    // What is served is the server's re-encoding of the picture (Step 18), still a 1×1 PNG.
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: "png",
      width: 1,
      height: 1,
    });
    expect(existsSync(join(platform.config.dataDir, "uploads", "PUBLIC", uploaded.key))).toBe(false);
  });

  it("bytes that are not a picture reach the bucket but are refused when used, and never served", async () => {
    const { api } = await newcomer();
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const uploaded = await api.uploadFile(new File([html], "a.png", { type: "image/png" }), {
      uploadFileType: "PICTURE",
    });
    const refused = await failure(
      api.user.modifyAvatar({ avatarFilename: uploaded.key, avatarBucket: "PUBLIC" }),
    );
    expect(refused).toMatchObject({ code: 400, msgKey: ServerMessageKey.uploadNotPicture });
    const served = await fetch(`${platform.server.origin}/api/media/files/PUBLIC/${uploaded.key}`);
    expect(served.status).toBe(404);
    expect(await api.upload.usage()).toMatchObject({ diskUsedBytes: 0, pending: 0 });
  });

  it("a video in parts straight to the bucket, resumed after a cut, processed, approved and played", async () => {
    const { api } = await newcomer();
    expect(clip.length).toBeGreaterThan(5 * 1024 * 1024);
    let sent = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (init?.method === "PUT" && url.startsWith(s3.endpoint) && url.includes("uploadId=")) {
        sent += Number(new Headers(init.headers).get("content-length") ?? 0);
      }
      return realFetch(input, init);
    };
    let key: string;
    try {
      const first = await api.resumableUpload(videoFile(clip), {
        onProgress: (p) => {
          if (p.loaded >= 5 * 1024 * 1024) first.pause();
        },
      });
      void first.start();
      await until(() => first.state === "paused");
      key = first.key ?? "";
      const status = await api.upload.resume({ key, partNumbers: [] });
      expect(status.partSize).toBe(5 * 1024 * 1024);
      expect(status.partCount).toBe(2);
      const again = await api.resumableUpload(videoFile(clip), { key });
      const sentBefore = sent;
      await again.start();
      const stored = status.arrived.reduce((sum, p) => sum + p.size, 0);
      expect(sent - sentBefore).toBe(clip.length - stored);
    } finally {
      globalThis.fetch = realFetch;
    }
    const stored = await platform.server.ctx.storage.head("VIDEO", key);
    expect(stored?.size).toBe(clip.length);

    const saved = await api.substance.saveMyVideo(post(key, "云端存储"));
    await statusBecomes(platform, saved.id, [VideoStatus.awaitingReview]);
    await approveReview({ db: platform.server.database.db, now: () => new Date() }, Number(saved.id));
    const [row] = await rowsOf<{ media_key: string }>(
      platform,
      `select media_key from videos where id = ${saved.id}`,
    );
    const clipKey = row?.media_key ?? "";
    expect(await platform.server.ctx.storage.head(MEDIA_BUCKET, `${clipKey}/manifest.json`)).not.toBeNull();
    expect(existsSync(join(platform.config.dataDir, "uploads", "MEDIA", clipKey))).toBe(false);

    const { api: viewer } = await newcomer();
    const detail = await viewer.substance.getInfoById({ id: saved.id });
    expect(detail.type).toBe(VideoStatus.published);
    const playlist = await (
      await fetch(
        `${platform.server.origin}${viewer.mediaUrl(detail.multiResolutionList[0]?.videoPlayUrl ?? "")}`,
      )
    ).text();
    const segment = /^(\/api\/media\/seg\/[^\n]+)$/m.exec(playlist)?.[1] ?? "";
    const bytes = await fetch(`${platform.server.origin}${segment}`, { headers: { range: "bytes=0-99" } });
    expect(bytes.status).toBe(206);
    expect((await bytes.arrayBuffer()).byteLength).toBe(100);
    expect(
      (await fetch(`${platform.server.origin}${detail.coverFileUrl ?? ""}`)).headers.get("content-type"),
    ).toBe("image/jpeg");

    // Deleting removes the clip and the file from the bucket.
    await api.substance.deleteMyVideo({ id: saved.id });
    expect(await platform.server.ctx.storage.head(MEDIA_BUCKET, `${clipKey}/manifest.json`)).toBeNull();
    expect(await platform.server.ctx.storage.head("VIDEO", key)).toBeNull();
  }, 90_000);

  it("a whole PUT of a video to the bucket also works (the spec's contract), confirmed by upload.complete", async () => {
    const { api } = await newcomer();
    const small = sampleVideo("landscape-3s", { seconds: 3, width: 640, height: 360, noise: true });
    const key = await uploadVideo(api, videoFile(small));
    const saved = await api.substance.saveMyVideo(post(key, "整段上传"));
    await statusBecomes(platform, saved.id, [VideoStatus.awaitingReview]);
  });
});
