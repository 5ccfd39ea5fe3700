import { expect, it } from "vitest";
import { SortOrder, VideoStatus } from "@platform/domain";
import { post, postingPlatform, statusBecomes, uploadVideo, videoFile } from "../../../test/creation";
import { eachDatabase, rowsOf } from "../../../test/harness";
import { approveReview } from "./review";

eachDatabase("a new post among the seed's videos, and the owner's count", (target) => {
  const suite = postingPlatform(target);
  const { clip, newcomer } = suite;

  it("the seed's videos were updated in the past, so a new post is the latest; the owner counts all", async () => {
    const future = await rowsOf<{ id: number }>(
      suite.platform(),
      `select id from videos where updated_at > '${new Date().toISOString()}' or created_at > '${new Date().toISOString()}'`,
    );
    expect(future).toEqual([]);
    const { api, userId } = await newcomer();
    const key = await uploadVideo(api, videoFile(clip));
    const saved = await api.substance.saveMyVideo(post(key, "刚发的"));
    await statusBecomes(suite.platform(), saved.id, [VideoStatus.awaitingReview]);
    // Under review: the owner's centre counts it (its list shows it); others count what is published.
    expect((await api.substance.authorInfo({ userId })).videoCount).toBe(1);
    const { api: other } = await newcomer();
    expect((await other.substance.authorInfo({ userId })).videoCount).toBe(0);
    await approveReview(suite.deps(), Number(saved.id));
    const latest = await other.substance.getVideoList({ current: 1, size: 1, sort: SortOrder.recentUpdate });
    expect(latest.records.map((v) => v.id)).toEqual([saved.id]);
  });
});
