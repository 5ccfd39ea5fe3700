import { afterAll, beforeAll, expect, it } from "vitest";
import { SortOrder, VideoStatus } from "@platform/domain";
import { post, sampleVideo, statusBecomes, uploadVideo, videoFile } from "../../../test/creation";
import { eachDatabase, registerPhone, rowsOf, signIn, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { seed } from "../../seed";
import { approveReview } from "./review";
import type { ReviewDeps } from "./review";

eachDatabase("a new post among the seed's videos, and the owner's count", (target) => {
  let platform: TestPlatform;
  let deps: ReviewDeps;
  const clip = sampleVideo("landscape-3s", { seconds: 3, width: 640, height: 360, noise: true });

  beforeAll(async () => {
    platform = await startPlatform(target, { UPLOAD_PART_BYTES: "65536" });
    await seed(platform.server.ctx);
    deps = { db: platform.server.database.db, now: () => new Date() };
  });
  afterAll(() => platform.close());

  const newcomer = async () => {
    const { phone, password } = await registerPhone(platform);
    return signIn(platform, { mobile: phone, password });
  };

  it("the seed's videos were updated in the past, so a new post is the latest; the owner counts all", async () => {
    const future = await rowsOf<{ id: number }>(
      platform,
      `select id from videos where updated_at > '${new Date().toISOString()}' or created_at > '${new Date().toISOString()}'`,
    );
    expect(future).toEqual([]);
    const { api, userId } = await newcomer();
    const key = await uploadVideo(api, videoFile(clip));
    const saved = await api.substance.saveMyVideo(post(key, "刚发的"));
    await statusBecomes(platform, saved.id, [VideoStatus.awaitingReview]);
    // Under review: the owner's centre counts it (its list shows it); others count what is published.
    expect((await api.substance.authorInfo({ userId })).videoCount).toBe(1);
    const { api: other } = await newcomer();
    expect((await other.substance.authorInfo({ userId })).videoCount).toBe(0);
    await approveReview(deps, Number(saved.id));
    const latest = await other.substance.getVideoList({ current: 1, size: 1, sort: SortOrder.recentUpdate });
    expect(latest.records.map((v) => v.id)).toEqual([saved.id]);
  });
});
