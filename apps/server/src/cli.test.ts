import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { VideoStatus } from "@platform/domain";
import { eachDatabase, startSeeded } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { runCli } from "../test/processes";
import { videos } from "./db/schema";
import { reviewQueue } from "./modules/posting/review";
import { rowsOf } from "./db/subqueries";

/**
 * Operator commands never lie (Step 18) and are kept (Step 22): beside a running server, `review
 * approve` works on PostgreSQL (both on one database) and on the embedded database, which one
 * process holds, through the server itself — recorded in the audit log either way, never printed
 * as done and then lost. The commands the console has no call for are refused with what to do.
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

  it("review approve is kept beside the running server, and recorded in the audit log", async () => {
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
    const approve = () => runCli(platform, ["review", "approve", String(waiting.id)], { OPERATOR: "desk" });
    const beside = await approve();
    // Kept on both databases: on PostgreSQL the command works on the database itself; on the
    // embedded one, which the server holds, the server carries it out (its console's call).
    expect(beside.out).toMatch(new RegExp(`video ${String(waiting.id)} (published|approved)`));
    expect(beside.code).toBe(0);
    expect(await statusOf(waiting.id)).toBe(VideoStatus.published);
    const [entry] = rowsOf(
      await db.execute(
        sql`select actor, target_id from audit_log where action = 'review.approve' order by id desc limit 1`,
      ),
    );
    expect([entry?.actor, String(entry?.target_id)]).toEqual(["cli-desk", String(waiting.id)]);
    // Approved once: a second approval is refused and changes nothing.
    expect((await approve()).code).toBe(1);
    await platform.restart();
    expect(await statusOf(waiting.id)).toBe(VideoStatus.published);
  }, 120_000);

  it.runIf(target.name === "pglite")(
    "reconcile goes through the server; the money commands are still refused",
    async () => {
      const reconciled = await runCli(platform, ["reconcile"]);
      expect(reconciled.out).toContain("zero drift");
      expect(reconciled.code).toBe(0);
      const second = await runCli(platform, ["money", "held"]);
      expect(second.code).toBe(3);
      expect(second.out).toMatch(/in use by process \d+/);
    },
  );
});
