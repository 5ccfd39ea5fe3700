import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { VideoStatus } from "@platform/domain";
import { eachDatabase, startSeeded } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { runCli } from "../test/processes";
import { videos } from "./db/schema";
import { reviewQueue } from "./modules/posting/review";

/**
 * Operator commands never lie (Step 18): beside a running server, `review approve` is kept (on
 * PostgreSQL, where both work on one database) or refused with words saying what to do (on the
 * embedded database, which one process holds) — never printed as done and then lost.
 */
eachDatabase("an operator's command beside the running server", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startSeeded(target);
  }, 120_000);
  afterAll(() => platform.close());

  const statusOf = async (id: number) => {
    const [row] = await platform.server.ctx.db
      .select({ status: videos.status })
      .from(videos)
      .where(eq(videos.id, id));
    return row?.status;
  };

  it("review approve is kept, or refused and then works once the server is stopped", async () => {
    // A seeded video the words check refused, as if its author had sent it again: waiting.
    const { db } = platform.server.ctx;
    const [refused] = await db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.status, VideoStatus.wordsRefused))
      .limit(1);
    if (!refused) throw new Error("the seed has no refused video");
    await db.update(videos).set({ status: VideoStatus.awaitingReview }).where(eq(videos.id, refused.id));
    const [waiting] = (await reviewQueue(db)).filter((q) => q.id === refused.id);
    if (!waiting) throw new Error("the video does not wait for review");
    const approve = () => runCli(platform, ["review", "approve", String(waiting.id)]);
    const beside = await approve();
    if (target.name === "pglite") {
      expect(beside.code).toBe(3);
      expect(beside.out).toContain("refused, nothing was changed");
      expect(beside.out).toContain("stop that process first");
      expect(beside.out).toContain("PostgreSQL");
      expect(await statusOf(waiting.id)).toBe(waiting.status);
      // Stopped, the server's folder is free: the command works, and the restarted server has it.
      let whileDown = { code: -1, out: "" };
      await platform.restart(async () => {
        whileDown = await approve();
      });
      expect(whileDown.out).toContain(`video ${String(waiting.id)} published`);
      expect(whileDown.code).toBe(0);
    } else {
      expect(beside.out).toContain(`video ${String(waiting.id)} published`);
      expect(beside.code).toBe(0);
      // Seen by the running server at once, and still there after a restart.
      expect(await statusOf(waiting.id)).toBe(VideoStatus.published);
      await platform.restart();
    }
    expect(await statusOf(waiting.id)).toBe(VideoStatus.published);
  }, 120_000);

  it.runIf(target.name === "pglite")("any second opener of the embedded folder is refused", async () => {
    const second = await runCli(platform, ["reconcile"]);
    expect(second.code).toBe(3);
    expect(second.out).toMatch(/in use by process \d+/);
  });
});
