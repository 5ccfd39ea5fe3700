import { StorageKey } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientOptions, ok, reply, startServer } from "../test/platform-server";
import type { TestServer } from "../test/platform-server";
import type { ApiError } from "./errors";
import { createApiClient, memoryStorage } from "./index";
import type { UploadProgress } from "./index";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function client(errors: ApiError[] = []) {
  return createApiClient({
    ...clientOptions(server),
    storage: memoryStorage({ [StorageKey.accessToken]: "t1" }),
    hooks: { onError: (e) => errors.push(e) },
  });
}

describe("upload: uploadSignUrl → PUT with progress (spec §7)", () => {
  it("signs, then PUTs the whole body with its content type, reporting progress up to the size", async () => {
    server.requests.length = 0;
    server.on("/video/app/uploadSignUrl", (req, res) => {
      ok(res, {
        uploadUrl: "/api/media/upload/abc?sig=1",
        key: `bg/${(req.body as { fileName: string }).fileName}`,
        bucketEnum: "PUBLIC",
      });
    });
    server.on("/media/upload/abc", (req, res) => {
      ok(res, { received: req.rawBody.length });
    });
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const file = new File([bytes], "背景.png", { type: "image/png" });
    const progress: UploadProgress[] = [];
    const uploaded = await client().uploadFile(file, {
      uploadFileType: "PICTURE",
      onProgress: (p) => progress.push(p),
    });
    expect(uploaded).toEqual({ key: "bg/背景.png", bucketEnum: "PUBLIC" });
    const [sign] = server.to("/video/app/uploadSignUrl");
    expect(sign?.body).toEqual({
      busType: "FILE",
      channelEnum: "APP",
      fileName: "背景.png",
      filePath: "",
      uploadFileType: "PICTURE",
      contentType: "image/png",
      fileSize: bytes.length,
    });
    const [put] = server.to("/media/upload/abc");
    expect(put?.method).toBe("PUT");
    expect(put?.query.get("sig")).toBe("1");
    expect(put?.headers["content-type"]).toBe("image/png");
    expect(put?.headers.authorization).toBeUndefined();
    expect(Buffer.compare(put!.rawBody, Buffer.from(bytes))).toBe(0);
    expect(progress.length).toBeGreaterThan(2);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.loaded).toBeGreaterThanOrEqual(progress[i - 1]!.loaded);
    }
    expect(progress.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length, fraction: 1 });
  });

  it("a refused PUT fails with its status and the server's sentence and key, and is reported", async () => {
    server.on("/video/app/uploadSignUrl", (_, res) => {
      ok(res, { uploadUrl: `${server.origin}/api/media/upload/denied`, key: "k", bucketEnum: "PUBLIC" });
    });
    server.on("/media/upload/denied", (_, res) => {
      reply(
        res,
        413,
        {
          code: 413,
          msg: "文件太大，最大 5 MB",
          data: null,
          msgKey: "server.uploadTooLarge",
          msgValues: { megabytes: 5 },
        },
        "Payload Too Large",
      );
    });
    const errors: ApiError[] = [];
    const error = await client(errors)
      .uploadFile(new File(["x"], "a.png", { type: "image/png" }), { uploadFileType: "PICTURE" })
      .catch((e: unknown) => e as ApiError);
    // The server's words and key (the app words it in the reader's language), never HTTP's
    // English reason phrase.
    expect(error).toMatchObject({
      kind: "http",
      status: 413,
      msg: "文件太大，最大 5 MB",
      msgKey: "server.uploadTooLarge",
      msgValues: { megabytes: 5 },
    });
    expect(errors).toEqual([error]);
  });

  it("a PUT refused by someone else (no envelope) says nothing in HTTP's words", async () => {
    server.on("/video/app/uploadSignUrl", (_, res) => {
      ok(res, { uploadUrl: `${server.origin}/api/media/upload/proxy`, key: "k", bucketEnum: "PUBLIC" });
    });
    server.on("/media/upload/proxy", (_, res) => {
      res.writeHead(502, "Bad Gateway", { "content-type": "text/html" });
      res.end("<html>bad gateway</html>");
    });
    const error = await client([])
      .uploadFile(new File(["x"], "a.png", { type: "image/png" }), { uploadFileType: "PICTURE" })
      .then(
        () => null,
        (e: unknown) => e as ApiError,
      );
    expect(error).toMatchObject({ kind: "http", status: 502, msg: "", msgKey: null });
    expect(error?.messageKey).toBe("error.system");
  });

  it("an aborted upload is cancelled silently", async () => {
    server.on("/video/app/uploadSignUrl", (_, res) => {
      ok(res, { uploadUrl: "/api/media/upload/slow", key: "k", bucketEnum: "PUBLIC" });
    });
    server.on("/media/upload/slow", (_, res) => {
      setTimeout(() => {
        ok(res);
      }, 2000);
    });
    const errors: ApiError[] = [];
    const controller = new AbortController();
    const pending = client(errors).uploadFile(
      new File([new Uint8Array(1024)], "v.mp4", { type: "video/mp4" }),
      {
        uploadFileType: "VIDEO",
        signal: controller.signal,
        onProgress: (p) => {
          if (p.fraction === 1) controller.abort();
        },
      },
    );
    const error = await pending.then(
      () => null,
      (e: unknown) => e as ApiError,
    );
    expect(error?.kind).toBe("cancelled");
    expect(errors).toEqual([]);
  });
});
