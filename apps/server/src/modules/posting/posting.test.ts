import { withCause } from "../../db/cause";
import { translate } from "../../http/messages";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { MessageKind, ServerMessageKey, VideoStatus } from "@platform/domain";
import { post, postingPlatform, statusBecomes, until, uploadVideo, videoFile } from "../../../test/creation";
import { eachDatabase, failure, rowsOf } from "../../../test/harness";
import { BalanceType, balancesOf, grant } from "../ledger/wallet";
import { approveReview, rejectReview, reviewQueue, takeDown, takeForReview } from "./review";

eachDatabase("posting videos: upload, processing, review, editing, deleting", (target) => {
  const suite = postingPlatform(target);
  const { clip, newcomer } = suite;

  it("a new user's upload goes from uploading through review to a published video that plays", async () => {
    const { api } = await newcomer();
    expect(clip.length).toBeGreaterThan(4 * 65536);
    const fractions: number[] = [];
    const upload = await api.resumableUpload(videoFile(clip), {
      onProgress: (p) => fractions.push(p.fraction),
    });
    // Saved while the file is still on its way: the video waits for it (15).
    const started = upload.start();
    await until(() => upload.key !== null);
    const key = upload.key ?? "";
    const saved = await api.substance.saveMyVideo(post(key, "城市夜景 city"));
    expect([VideoStatus.uploading, VideoStatus.queued]).toContain(saved.type);
    expect(saved.owner).toMatchObject({ reason: null });
    await started;
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(4);

    await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
    const [mine] = (await api.substance.getMyVideoList({ current: 1, size: 10 })).records;
    expect(mine).toMatchObject({ id: saved.id, type: VideoStatus.awaitingReview, auditTime: null });
    expect(mine?.videoLength).toBeGreaterThan(2500);
    expect(mine?.coverFileUrl).toMatch(/^\/api\/media\/covers\/v\d+-[0-9a-f]{16}\/cover\.jpg$/);
    // Not in the feed or search before an operator approves it.
    const search = () => api.search.substance({ keyword: "城市夜景", current: 1, size: 10 });
    expect((await search()).records.map((v) => v.id)).not.toContain(saved.id);
    expect((await reviewQueue(suite.deps().db)).map((q) => q.id)).toContain(Number(saved.id));

    expect(await takeForReview(suite.deps(), Number(saved.id))).toContain("taken");
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.inReview]);
    await approveReview(suite.deps(), Number(saved.id));
    const published = await api.substance.getInfoById({ id: saved.id });
    expect(published.type).toBe(VideoStatus.published);
    expect(published.auditTime).not.toBeNull();
    expect((await search()).records.map((v) => v.id)).toContain(saved.id);
    // The author hears of it in the message centre.
    expect((await api.user.messageList({ current: 1, size: 1 })).records[0]).toMatchObject({
      kind: "VIDEO_REVIEW",
      read: false,
      params: { videoId: saved.id, videoTitle: "城市夜景 city", approved: true, reason: null },
    });

    // Another person watches it: a playlist of real segments, no larger than the source (360p).
    const { api: viewer } = await newcomer();
    const detail = await viewer.substance.getInfoById({ id: saved.id });
    expect(detail.multiResolutionList.map((r) => r.resolution)).toEqual(["360p"]);
    expect(detail.multiResolutionList[0]?.defaultResolution).toBe(true);
    const playlist = await fetch(
      `${suite.platform().server.origin}${viewer.mediaUrl(detail.multiResolutionList[0]?.videoPlayUrl ?? "")}`,
    );
    const text = await playlist.text();
    expect(text).toContain("#EXT-X-ENDLIST");
    const segment = /^(\/api\/media\/seg\/[^\n]+)$/m.exec(text)?.[1];
    const bytes = await fetch(`${suite.platform().server.origin}${segment ?? ""}`);
    expect(bytes.status).toBe(200);
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const cover = await fetch(`${suite.platform().server.origin}${detail.coverFileUrl ?? ""}`);
    expect(cover.headers.get("content-type")).toBe("image/jpeg");
  });

  it("an upload cut off part-way goes on from the last part stored, not from the start", async () => {
    const { api } = await newcomer();
    let sent = 0;
    let partsSent = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (
        init?.method === "PUT" &&
        String(input instanceof Request ? input.url : input).includes("/parts/")
      ) {
        partsSent += 1;
        sent += Number(new Headers(init.headers).get("content-length") ?? 0);
      }
      return realFetch(input, init);
    };
    try {
      const first = await api.resumableUpload(videoFile(clip), {
        onProgress: (p) => {
          if (p.fraction > 0.5) first.pause();
        },
      });
      void first.start();
      await until(() => first.state === "paused");
      const key = first.key ?? "";
      const status = await api.upload.resume({ key, partNumbers: [] });
      const stored = status.arrived.reduce((sum, p) => sum + p.size, 0);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(clip.length);
      // A reload: a new upload of the same file with the kept key.
      const sentBefore = sent;
      const again = await api.resumableUpload(videoFile(clip), { key });
      await again.start();
      const resent = sent - sentBefore;
      expect(resent).toBe(clip.length - stored);
      expect(partsSent).toBeLessThanOrEqual(status.partCount + 1);
      const done = await api.upload.resume({ key, partNumbers: [] });
      expect(done.completed).toBe(true);
      const saved = await api.substance.saveMyVideo(post(key, "断点续传"));
      expect(saved.type).toBe(VideoStatus.queued);
      await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("a text file named .mp4 ends as upload failed, with a reason the author can read", async () => {
    const { api } = await newcomer();
    const key = await uploadVideo(
      api,
      videoFile(Buffer.from("this is not a video\n".repeat(500)), "notes.mp4"),
    );
    const saved = await api.substance.saveMyVideo(post(key, "假视频"));
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.uploadFailed]);
    const [mine] = (await api.substance.getMyVideoList({ current: 1, size: 10 })).records;
    expect(mine?.owner?.reason).toBe(translate("zh_CN", ServerMessageKey.videoNotAVideo));
    // A playlist dressed as a video, pointing ffmpeg at a file of the server: read as nothing.
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`;
    const sneaky = await uploadVideo(api, videoFile(Buffer.from(playlist.repeat(20)), "trick.mp4"));
    const second = await api.substance.saveMyVideo(post(sneaky, "播放列表"));
    await statusBecomes(suite.platform(), second.id, [VideoStatus.uploadFailed]);
  });

  it("banned words stop a video at the words check (60); fixed, it goes back to review (77)", async () => {
    const { api } = await newcomer();
    const key = await uploadVideo(api, videoFile(clip));
    const saved = await api.substance.saveMyVideo({ ...post(key, "赌博教学"), tags: ["casino"] });
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.wordsRefused]);
    const [refused] = (await api.substance.getMyVideoList({ current: 1, size: 10 })).records;
    expect(refused?.owner?.reason).toBe(
      translate("zh_CN", ServerMessageKey.bannedWordTitle, { word: "赌博" }),
    );
    const still = await api.substance.saveMyVideo({ ...post(key, "教学"), id: saved.id, tags: ["Casino"] });
    expect(still.type).toBe(VideoStatus.wordsRefused);
    expect(still.owner?.reason).toBe(translate("zh_CN", ServerMessageKey.bannedWordTags, { word: "casino" }));
    // An invisible character inside the word does not hide it.
    const hidden = await api.substance.saveMyVideo({
      ...post(key, "赌\u200b博"),
      id: saved.id,
      tags: ["日常"],
    });
    expect(hidden.owner?.reason).toBe(translate("zh_CN", ServerMessageKey.bannedWordTitle, { word: "赌博" }));
    const fixed = await api.substance.saveMyVideo({ ...post(key, "教学"), id: saved.id, tags: ["日常"] });
    expect(fixed.type).toBe(VideoStatus.resubmitted);
    await rejectReview(suite.deps(), Number(saved.id), "画面模糊");
    const [rejected] = (await api.substance.getMyVideoList({ current: 1, size: 10 })).records;
    expect(rejected).toMatchObject({ type: VideoStatus.rejected, auditTime: null });
    expect(rejected?.owner?.reason).toBe(
      translate("zh_CN", ServerMessageKey.reviewRejected, { reason: "画面模糊" }),
    );
    expect((await api.user.messageList({ current: 1, size: 1 })).records[0]).toMatchObject({
      kind: "VIDEO_REVIEW",
      params: { videoId: saved.id, approved: false, reason: "画面模糊" },
    });
    await expect(rejectReview(suite.deps(), Number(saved.id), "again")).rejects.toThrow(/not waiting/);
    await expect(rejectReview(suite.deps(), Number(saved.id), "  ")).rejects.toThrow(/reason/);
  });

  it("prices and previews are held to the settings; a new post needs its file", async () => {
    const { api } = await newcomer();
    const key = await uploadVideo(api, videoFile(clip));
    const charge = { ...post(key), watchLevel: "CHARGE" as const };
    const price = await failure(api.substance.saveMyVideo({ ...charge, amount: 0 }));
    expect(price.msgKey).toBe(ServerMessageKey.videoPriceRange);
    expect(price.msgValues).toEqual({ min: "0.01", max: "999.00" });
    expect((await failure(api.substance.saveMyVideo({ ...charge, amount: 99_901 }))).code).toBe(400);
    const preview = await failure(api.substance.saveMyVideo({ ...charge, amount: 100, freeTimeMs: 301_000 }));
    expect(preview.msgKey).toBe(ServerMessageKey.videoPreviewRange);
    expect(preview.msgValues).toEqual({ seconds: 300 });
    const { videoKey: _none, ...noFile } = post(key);
    expect((await failure(api.substance.saveMyVideo(noFile))).msgKey).toBe(ServerMessageKey.videoFileNeeded);
    // A cover chosen from the album stays the cover after processing.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const cover = await api.uploadFile(new File([png], "cover.png", { type: "image/png" }), {
      uploadFileType: "PICTURE",
    });
    const saved = await api.substance.saveMyVideo({
      ...charge,
      amount: 100,
      freeTimeMs: 5000,
      coverKey: cover.key,
    });
    expect(saved).toMatchObject({
      watchLevel: "CHARGE",
      amount: 100,
      coverFileUrl: `/api/media/files/PUBLIC/${cover.key}`,
    });
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
    expect((await api.substance.getInfoById({ id: saved.id })).coverFileUrl).toBe(
      `/api/media/files/PUBLIC/${cover.key}`,
    );
    expect(
      (await failure(api.substance.saveMyVideo({ ...charge, id: saved.id, amount: 100, coverKey: key })))
        .code,
    ).toBe(400);
    // One file, one video.
    expect((await failure(api.substance.saveMyVideo(post(key)))).code).toBe(409);
    const config = await api.substance.creationConfig();
    expect(config).toMatchObject({ priceMin: 1, priceMax: 99_900, previewMaxMs: 300_000 });
  });

  it("nobody touches another person's video or upload", async () => {
    const { api: owner } = await newcomer();
    const { api: other } = await newcomer();
    const key = await uploadVideo(owner, videoFile(clip));
    const saved = await owner.substance.saveMyVideo(post(key, "我的"));
    expect((await failure(other.substance.saveMyVideo({ ...post(key, "抢"), id: saved.id }))).code).toBe(403);
    expect((await failure(other.substance.deleteMyVideo({ id: saved.id }))).code).toBe(403);
    expect((await failure(other.substance.saveMyVideo(post(key, "用别人的文件")))).code).toBe(403);
    expect((await failure(other.upload.resume({ key, partNumbers: [1] }))).code).toBe(403);
    expect((await failure(other.upload.complete({ key }))).code).toBe(403);
    expect((await failure(other.upload.abort({ key }))).code).toBe(403);
    expect((await failure(other.upload.partDone({ key, partNumber: 1, etag: '"x"' }))).code).toBe(403);
    expect((await failure(other.substance.deleteMyVideo({ id: "999999999" }))).code).toBe(404);
    // Someone else's unpublished video is nobody else's to open.
    expect((await failure(other.substance.getInfoById({ id: saved.id }))).code).toBe(404);
    expect((await other.substance.getMyVideoList({ current: 1, size: 10 })).records).toEqual([]);
  });

  it("an edit of a published video waits for review while the published version stays up", async () => {
    const { api } = await newcomer();
    const key = await uploadVideo(api, videoFile(clip));
    const saved = await api.substance.saveMyVideo(post(key, "第一版"));
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
    await approveReview(suite.deps(), Number(saved.id));
    const edited = await api.substance.saveMyVideo({
      ...post(key, "第二版"),
      id: saved.id,
      introduction: "新的简介",
    });
    expect(edited).toMatchObject({ videoTitle: "第一版", type: VideoStatus.published });
    expect(edited.owner?.edit).toMatchObject({ videoTitle: "第二版", status: VideoStatus.awaitingReview });
    const { api: viewer } = await newcomer();
    expect((await viewer.substance.getInfoById({ id: saved.id })).videoTitle).toBe("第一版");
    expect((await viewer.substance.getInfoById({ id: saved.id })).owner).toBeUndefined();
    await approveReview(suite.deps(), Number(saved.id));
    const after = await api.substance.getInfoById({ id: saved.id });
    expect(after).toMatchObject({ videoTitle: "第二版", introduction: "新的简介" });
    expect(after.owner?.edit).toBeNull();
    // A published video's file is fixed.
    const other = await uploadVideo(api, videoFile(clip));
    expect((await failure(api.substance.saveMyVideo({ ...post(other), id: saved.id }))).msgKey).toBe(
      ServerMessageKey.videoFileFixed,
    );
  });

  it("deleting a bought video refunds its buyers and removes its media; taking one down refunds too", async () => {
    const { api, userId } = await newcomer();
    const key = await uploadVideo(api, videoFile(clip));
    const saved = await api.substance.saveMyVideo({
      ...post(key, "付费视频"),
      watchLevel: "CHARGE",
      amount: 250,
      freeTimeMs: 1500,
    });
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
    await approveReview(suite.deps(), Number(saved.id));
    const { api: buyer, userId: buyerId } = await newcomer();
    await grant(suite.deps().db, { userId: Number(buyerId), type: BalanceType.GOLD, amount: 1000 });
    const before = (await balancesOf(suite.deps().db, Number(buyerId)))[BalanceType.GOLD];
    // Before buying, the buyer's playlist ends at the 1.5-second preview: a whole first second,
    // then the second one cut at half.
    const locked = await buyer.substance.getInfoById({ id: saved.id });
    expect(locked.freeTimeMs).toBe(1500);
    const preview = await (
      await fetch(
        `${suite.platform().server.origin}${buyer.mediaUrl(locked.multiResolutionList[0]?.videoPlayUrl ?? "")}`,
      )
    ).text();
    expect(preview.match(/^\/api\/media\/seg\//gm)).toHaveLength(2);
    expect(preview).toContain("seg_00001.preview-1500ms.m4s");
    const cut = /^(\/api\/media\/seg\/[^\n]+preview[^\n]+)$/m.exec(preview)?.[1] ?? "";
    expect((await fetch(`${suite.platform().server.origin}${cut}`)).status).toBe(200);
    await buyer.substance.buyVideo({ payType: "GOLD", substanceId: saved.id });
    expect((await balancesOf(suite.deps().db, Number(buyerId)))[BalanceType.GOLD]).toBe(before - 250);
    const [video] = await rowsOf<{ media_key: string }>(
      suite.platform(),
      `select media_key from videos where id = ${saved.id}`,
    );
    const clipDir = join(suite.platform().config.dataDir, "uploads", "MEDIA", video?.media_key ?? "none");
    const source = join(suite.platform().config.dataDir, "uploads", "VIDEO", key);
    expect(existsSync(clipDir)).toBe(true);
    expect(existsSync(source)).toBe(true);
    const cuts = join(suite.platform().config.mediaDir, ".cache", video?.media_key ?? "none");
    expect(existsSync(cuts)).toBe(true);
    await api.substance.deleteMyVideo({ id: saved.id });
    expect(existsSync(clipDir)).toBe(false);
    expect(existsSync(source)).toBe(false);
    expect(existsSync(cuts)).toBe(false);
    expect((await balancesOf(suite.deps().db, Number(buyerId)))[BalanceType.GOLD]).toBe(before);
    // The buyer is told in the message centre: which video, and how much came back.
    const told = (await buyer.user.messageList({ current: 1, size: 10 })).records.filter(
      (m) => m.kind === MessageKind.PURCHASE_REFUND,
    );
    expect(told.map((m) => m.params)).toEqual([{ videoId: saved.id, videoTitle: "付费视频", amount: 250 }]);
    expect((await failure(buyer.substance.getInfoById({ id: saved.id }))).code).toBe(404);
    expect(
      (await api.substance.getMyVideoList({ current: 1, size: 10 })).records.map((v) => v.id),
    ).not.toContain(saved.id);
    expect(userId).not.toBe("");

    // Taken down by an operator: off the feeds, buyers refunded, the author told why.
    const key2 = await uploadVideo(api, videoFile(clip));
    const second = await api.substance.saveMyVideo({
      ...post(key2, "第二个付费"),
      watchLevel: "CHARGE",
      amount: 300,
      freeTimeMs: 1000,
    });
    await statusBecomes(suite.platform(), second.id, [VideoStatus.awaitingReview]);
    await approveReview(suite.deps(), Number(second.id));
    await buyer.substance.buyVideo({ payType: "GOLD", substanceId: second.id });
    // An operator's command: what it moves is theirs (the ledger records it).
    const operator = {
      actor: "operator",
      actorId: "reviewer",
      requestId: "cli-test",
      address: null,
    } as const;
    expect(await withCause(operator, () => takeDown(suite.deps(), Number(second.id), "侵权"))).toContain(
      "1 buyers refunded",
    );
    expect((await balancesOf(suite.deps().db, Number(buyerId)))[BalanceType.GOLD]).toBe(before);
    const refunds = (await buyer.user.messageList({ current: 1, size: 10 })).records.filter(
      (m) => m.kind === MessageKind.PURCHASE_REFUND,
    );
    expect(refunds.map((m) => m.params)).toContainEqual({
      videoId: second.id,
      videoTitle: "第二个付费",
      amount: 300,
    });
    const mine = (await api.substance.getMyVideoList({ current: 1, size: 10 })).records.find(
      (v) => v.id === second.id,
    );
    expect(mine).toMatchObject({ type: VideoStatus.takenDown, auditTime: null });
    expect(mine?.owner?.reason).toBe(
      translate("zh_CN", ServerMessageKey.reviewTakenDown, { reason: "侵权" }),
    );
  });

  it("a cancelled upload fails its video; the upload cannot be used again", async () => {
    const { api } = await newcomer();
    const upload = await api.resumableUpload(videoFile(clip), {
      onProgress: (p) => {
        if (p.fraction > 0.3) upload.pause();
      },
    });
    void upload.start();
    await until(() => upload.state === "paused");
    const saved = await api.substance.saveMyVideo(post(upload.key ?? "", "取消的"));
    expect(saved.type).toBe(VideoStatus.uploading);
    expect(saved.owner?.uploadKey).toBe(upload.key);
    await upload.cancel();
    expect(upload.state).toBe("cancelled");
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.uploadFailed]);
    expect((await failure(api.upload.resume({ key: upload.key ?? "", partNumbers: [1] }))).code).toBe(409);
    // A new file brings it back.
    const key = await uploadVideo(api, videoFile(clip));
    const again = await api.substance.saveMyVideo({ ...post(key, "取消的"), id: saved.id });
    expect(again.type).toBe(VideoStatus.queued);
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
  });
});
