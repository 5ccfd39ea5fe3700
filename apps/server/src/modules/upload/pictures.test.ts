import { ServerMessageKey } from "@platform/domain";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { post } from "../../../test/creation";
import { eachDatabase, failure, newcomer, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";

const MiB = 1024 ** 2;

const html = Buffer.from(
  "<!doctype html><html><body><script>fetch('/api/user/app/user/queryInfo')</script></body></html>",
);
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A JPEG with a camera's metadata: EXIF words and an orientation (rotate 90° to show it). */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .withExif({ IFD0: { Copyright: "home-address-secret", Artist: "Someone Private" } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/**
 * Step 18: pictures (avatar, profile background, covers) are pictures — decided by their bytes —
 * and what is stored and served is a re-encoding: no metadata, bounded dimensions.
 */
eachDatabase("pictures are checked by their bytes and re-encoded", (target) => {
  let platform: TestPlatform;
  type Api = Awaited<ReturnType<typeof newcomer>>;

  beforeAll(async () => {
    platform = await startPlatform(target, {
      UPLOAD_PICTURE_MAX_BYTES: String(MiB),
      UPLOAD_PICTURE_MAX_SIDE: "512",
    });
  });
  afterAll(() => platform.close());

  const upload = (api: Api, bytes: Buffer, type = "image/png", name = "me.png") =>
    api.uploadFile(new File([new Uint8Array(bytes)], name, { type }), { uploadFileType: "PICTURE" });

  const fetched = async (url: string) => {
    const response = await fetch(`${platform.server.origin}${url}`);
    expect(response.status).toBe(200);
    return { type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("HTML or SVG bytes are not a picture: the upload is refused and is no avatar, background or cover", async () => {
    const api = await newcomer(platform);
    for (const bytes of [html, svg]) {
      const sign = await api.upload.signUrl({
        busType: "FILE",
        channelEnum: "APP",
        fileName: "me.png",
        filePath: "",
        uploadFileType: "PICTURE",
        contentType: "image/png",
        fileSize: bytes.length,
      });
      const response = await fetch(`${platform.server.origin}${sign.uploadUrl}`, {
        method: "PUT",
        headers: { "content-type": "image/png", language: "en_US" },
        body: new Uint8Array(bytes),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { msgKey: string; msg: string };
      expect(body.msgKey).toBe(ServerMessageKey.uploadNotPicture);
      expect(body.msg).toMatch(/not a picture/i);
      const avatar = await failure(
        api.user.modifyAvatar({ avatarFilename: sign.key, avatarBucket: "PUBLIC" }),
      );
      expect(avatar.code).toBe(400);
      const background = await failure(
        api.user.modifyBgImg({ bgImgFilename: sign.key, bgImgBucket: "PUBLIC" }),
      );
      expect(background.code).toBe(400);
      const cover = await failure(
        api.substance.saveMyVideo({ ...post("video/1/none.mp4"), coverKey: sign.key }),
      );
      expect(cover.code).toBe(400);
      const served = await fetch(`${platform.server.origin}/api/media/files/PUBLIC/${sign.key}`);
      expect(served.status).toBe(404);
    }
    // Through the client, the refusal carries the server's key.
    const refused = await failure(upload(api, html));
    expect(refused).toMatchObject({ status: 400, msgKey: ServerMessageKey.uploadNotPicture });
  });

  it("a camera's JPEG is accepted as an avatar, re-encoded: turned upright, its EXIF gone", async () => {
    const api = await newcomer(platform);
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const uploaded = await upload(api, original, "image/jpeg", "photo.jpg");
    const { avatarFileUrl } = await api.user.modifyAvatar({
      avatarFilename: uploaded.key,
      avatarBucket: uploaded.bucketEnum,
    });
    const { type, bytes } = await fetched(avatarFileUrl);
    expect(type).toBe("image/jpeg");
    expect(bytes.equals(original)).toBe(false);
    expect(bytes.includes(Buffer.from("home-address-secret"))).toBe(false);
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 40, height: 60 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("a large PNG is accepted as a background and cover, its sides bounded", async () => {
    const api = await newcomer(platform);
    const big = await sharp({
      create: { width: 1200, height: 800, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(api, big);
    const { bgImgFileUrl } = await api.user.modifyBgImg({
      bgImgFilename: uploaded.key,
      bgImgBucket: uploaded.bucketEnum,
    });
    const { type, bytes } = await fetched(bgImgFileUrl);
    expect(type).toBe("image/png");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 512, height: 341 });
    // JPEG bytes sent as a PNG are a picture: stored as the PNG it was declared.
    const jpeg = await sharp(big).jpeg().toBuffer();
    const declared = await upload(api, jpeg);
    const { bgImgFileUrl: second } = await api.user.modifyBgImg({
      bgImgFilename: declared.key,
      bgImgBucket: declared.bucketEnum,
    });
    expect((await sharp((await fetched(second)).bytes).metadata()).format).toBe("png");
  });

  it("a picture too large says its limit in MB", async () => {
    const api = await newcomer(platform);
    // Signed without a size: the limit is the setting's (1 MiB here).
    const sign = await api.upload.signUrl({
      busType: "FILE",
      channelEnum: "APP",
      fileName: "big.png",
      filePath: "",
      uploadFileType: "PICTURE",
      contentType: "image/png",
    });
    const response = await fetch(`${platform.server.origin}${sign.uploadUrl}`, {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(MiB + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      msgKey: ServerMessageKey.uploadTooLarge,
      msgValues: { megabytes: 1 },
    });
    // Signed with a size: a body larger than it says so, with the size.
    const small = await api.upload.signUrl({
      busType: "FILE",
      channelEnum: "APP",
      fileName: "small.png",
      filePath: "",
      uploadFileType: "PICTURE",
      contentType: "image/png",
      fileSize: 100,
    });
    const over = await fetch(`${platform.server.origin}${small.uploadUrl}`, {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(101),
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({
      msgKey: ServerMessageKey.uploadLargerThanDeclared,
      msgValues: { bytes: 100 },
    });
  });
});
