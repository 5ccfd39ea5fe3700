import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ServerMessageKey } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, newcomer, rowsOf, startPlatform, until } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { localUploadSigner } from "./local";

const MiB = 1024 ** 2;

/**
 * Step 18: an upload in parts is outside no quota. One sign is sent in parts or whole, never both;
 * what arrived counts toward the day and the person's storage; an upload given up or abandoned
 * leaves nothing on disk (a durable job sees to it).
 */
eachDatabase("uploads in parts: one kind per sign, quotas, clean-up", (target) => {
  let platform: TestPlatform;
  type Api = Awaited<ReturnType<typeof newcomer>>;

  beforeAll(async () => {
    platform = await startPlatform(target, {
      UPLOAD_DAILY_BYTES: String(64 * MiB),
      UPLOAD_DISK_BYTES: String(96 * MiB),
      UPLOAD_PART_BYTES: String(MiB),
    });
  });
  afterAll(() => platform.close());

  const signVideo = (api: Api, bytes: number) =>
    api.upload.signUrl({
      busType: "FILE",
      channelEnum: "APP",
      fileName: "clip.mp4",
      filePath: "",
      uploadFileType: "VIDEO",
      contentType: "video/mp4",
      fileSize: bytes,
    });

  const put = (url: string, body: Buffer, type?: string) =>
    fetch(`${platform.server.origin}${url}`, {
      method: "PUT",
      headers: type === undefined ? {} : { "content-type": type },
      body: new Uint8Array(body),
    });

  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  /** Files under the local store's parts folder (parts of unfinished uploads). */
  const partsOnDisk = (): string[] => {
    const root = join(platform.config.dataDir, "uploads", ".parts");
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  };

  const exec = (query: string) => platform.server.database.db.execute(query);

  /** An upload's row id, by its key. */
  const idOf = async (key: string) => {
    const [row] = await rowsOf<{ id: number | string }>(
      platform,
      `select id from uploads where key = '${key}'`,
    );
    return String(row?.id);
  };

  /** A video of `bytes` signed, and these of its parts sent (1 MiB each): its key and row id. */
  const sentInParts = async (api: Api, bytes: number, partNumbers: number[]) => {
    const sign = await signVideo(api, bytes);
    const { urls } = await api.upload.resume({ key: sign.key, partNumbers });
    for (const { url } of urls) expect((await put(url, Buffer.alloc(MiB))).status).toBe(200);
    return { key: sign.key, id: await idOf(sign.key) };
  };

  /** The files of one upload's parts on disk. */
  const partsOf = (id: string) => partsOnDisk().filter((file) => file.includes(`/.parts/${id}/`));

  it("five part-then-whole cycles: the whole PUT is refused, the parts count, none stay on disk", async () => {
    const api = await newcomer(platform);
    const keys: string[] = [];
    for (let cycle = 0; cycle < 5; cycle++) {
      const sign = await signVideo(api, 8 * MiB);
      const { urls } = await api.upload.resume({ key: sign.key, partNumbers: numbers(1, 8) });
      expect(urls).toHaveLength(8);
      for (const { url } of urls) expect((await put(url, Buffer.alloc(MiB, cycle))).status).toBe(200);
      // The same sign's whole-upload URL: refused, the upload goes on in parts.
      const whole = await put(sign.uploadUrl, Buffer.from("x"), "video/mp4");
      expect(whole.status).toBe(400);
      expect(await whole.json()).toMatchObject({ code: 400, msgKey: ServerMessageKey.uploadSentInParts });
      keys.push(sign.key);
    }
    const rows = await rowsOf<{ completed_at: unknown }>(
      platform,
      `select completed_at from uploads where key in (${keys.map((k) => `'${k}'`).join(", ")})`,
    );
    expect(rows.every((row) => row.completed_at === null)).toBe(true);
    // 40 MiB arrived today: 24 MiB of the day's 64 are left.
    const usage = await api.upload.usage({});
    expect(usage).toMatchObject({ dayUsedBytes: 40 * MiB, dayLimitBytes: 64 * MiB, pending: 5 });
    const refused = await failure(signVideo(api, 24 * MiB + 1));
    expect(refused).toMatchObject({
      code: 429,
      msgKey: ServerMessageKey.uploadDailyQuota,
      msgValues: { megabytes: 64 },
    });

    // Left to expire: given up, their parts removed, and what arrived still counts for the day.
    await exec(
      `update uploads set expires_at = now() - interval '1 minute' where key in (${keys.map((k) => `'${k}'`).join(", ")})`,
    );
    await exec(`update jobs set run_at = now() where kind = 'upload.expire' and done_at is null`);
    const settled = await until(
      () => api.upload.usage({}),
      (now) => now.pending === 0,
    );
    expect(partsOnDisk()).toEqual([]);
    expect(settled).toMatchObject({ dayUsedBytes: 40 * MiB, diskUsedBytes: 0, pending: 0 });
    expect((await failure(signVideo(api, 24 * MiB + 1))).code).toBe(429);
    await expect(signVideo(api, 24 * MiB)).resolves.toMatchObject({ bucketEnum: "VIDEO" });
  });

  it("a sign sent whole is not then sent in parts", async () => {
    const api = await newcomer(platform);
    const sign = await signVideo(api, 1000);
    // A whole PUT that did not finish (larger than declared: nothing kept) decides the kind.
    expect((await put(sign.uploadUrl, Buffer.alloc(1001), "video/mp4")).status).toBe(413);
    const refused = await failure(api.upload.resume({ key: sign.key, partNumbers: [1] }));
    expect(refused).toMatchObject({ code: 400, msgKey: ServerMessageKey.uploadSentWhole });
    // A part URL signed by other means is refused too, and nothing lands in the parts folder.
    const url = localUploadSigner(platform.server.ctx.secrets.signingKey).part(
      Number(await idOf(sign.key)),
      1,
      Date.now() + 60_000,
    );
    const part = await put(url, Buffer.alloc(1000));
    expect(part.status).toBe(400);
    expect(await part.json()).toMatchObject({ msgKey: ServerMessageKey.uploadSentWhole });
    expect(partsOnDisk()).toEqual([]);
    // Sent whole, it finishes whole.
    expect((await put(sign.uploadUrl, Buffer.alloc(1000), "video/mp4")).status).toBe(200);
    await expect(api.upload.complete({ key: sign.key })).resolves.toMatchObject({ size: 1000 });
  });

  it("an abandoned upload's parts are removed by the clean-up job", async () => {
    const api = await newcomer(platform);
    const { key, id } = await sentInParts(api, 4 * MiB, [1, 2]);
    expect(partsOf(id)).toHaveLength(2);
    // Signed longer ago than UPLOAD_ABANDON_HOURS (its own expiry job lost, say): the recurring
    // clean-up gives it up.
    await exec(`update uploads set created_at = now() - interval '30 hours' where id = ${id}`);
    await exec(`delete from jobs where kind = 'upload.expire' and key = 'upload.expire:${id}'`);
    await exec(`update jobs set run_at = now() where kind = 'upload.sweep' and done_at is null`);
    const gone = await until(
      () =>
        rowsOf<{ removed_at: unknown; cancelled_at: unknown }>(
          platform,
          `select removed_at, cancelled_at from uploads where id = ${id}`,
        ),
      ([r]) => r?.removed_at !== null && r?.removed_at !== undefined,
    );
    expect(gone[0]?.cancelled_at).not.toBeNull();
    expect(partsOf(id)).toEqual([]);
    expect((await failure(api.upload.resume({ key, partNumbers: [3] }))).code).toBe(409);
    expect(await api.upload.usage({})).toMatchObject({ diskUsedBytes: 0, pending: 0 });
  });

  it("parts left behind before this rule (sent in parts, then whole) are dropped by a one-off job", async () => {
    const { id } = await sentInParts(await newcomer(platform), 2 * MiB, [1, 2]);
    // As the old code left it: finished by a 1-byte whole PUT, its parts still on disk.
    await exec(`update uploads set sent_as = null, completed_at = now(), size = 1 where id = ${id}`);
    expect(partsOf(id)).toHaveLength(2);
    await exec(
      `insert into jobs (kind, key, payload, run_at) values ('upload.legacyParts', 'upload.legacyParts', '{}', now())`,
    );
    const [after] = await until(
      () => rowsOf<{ sent_as: string | null }>(platform, `select sent_as from uploads where id = ${id}`),
      ([r]) => r?.sent_as !== null,
    );
    expect(after?.sent_as).toBe("whole");
    expect(partsOf(id)).toEqual([]);
  });

  it("storage per person is bounded, and said in numbers", async () => {
    const api = await newcomer(platform);
    // 80 MiB finished over a day and a bit (the day's quota is 64 MiB)…
    for (let i = 0; i < 10; i++) {
      const sign = await signVideo(api, 8 * MiB);
      expect((await put(sign.uploadUrl, Buffer.alloc(8 * MiB), "video/mp4")).status).toBe(200);
      if (i === 5)
        await exec(
          `update uploads set created_at = now() - interval '25 hours' where user_id = (select user_id from uploads where key = '${sign.key}')`,
        );
    }
    expect(await api.upload.usage({})).toMatchObject({
      diskUsedBytes: 80 * MiB,
      diskLimitBytes: 96 * MiB,
      dayUsedBytes: 32 * MiB,
    });
    const refused = await failure(signVideo(api, 16 * MiB + 1));
    expect(refused).toMatchObject({
      code: 429,
      msgKey: ServerMessageKey.uploadDiskFull,
      msgValues: { used: 80, limit: 96 },
    });
    await expect(signVideo(api, 16 * MiB)).resolves.toMatchObject({ bucketEnum: "VIDEO" });
  });

  it("a part's refusals name their numbers", async () => {
    const api = await newcomer(platform);
    const sign = await signVideo(api, 2 * MiB + 5);
    const { urls } = await api.upload.resume({ key: sign.key, partNumbers: [1, 3] });
    const wrong = await put(urls[0]?.url ?? "", Buffer.alloc(10));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      msgKey: ServerMessageKey.uploadPartSize,
      msgValues: { expected: MiB },
    });
    const last = await put(urls[1]?.url ?? "", Buffer.alloc(5));
    expect(last.status).toBe(200);
    const beyond = await failure(api.upload.partDone({ key: sign.key, partNumber: 4, etag: '"x"' }));
    expect(beyond).toMatchObject({
      code: 400,
      msgKey: ServerMessageKey.uploadPartNumber,
      msgValues: { count: 3 },
    });
  });
});
