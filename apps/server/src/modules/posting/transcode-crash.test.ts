import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VideoStatus } from "@platform/domain";
import { post, sampleVideo, statusBecomes, uploadVideo, videoFile } from "../../../test/creation";
import { registerPhone, rowsOf, signIn, startSeeded, targets, until } from "../../../test/harness";
import { runCli, spawnServer } from "../../../test/processes";
import type { TestPlatform } from "../../../test/harness";

const postgres = targets.find((t) => t.name === "postgres");
/** A dead process's job is taken up 2 s after its last renewal; one ffmpeg at a time. */
const quick = { JOBS_LEASE_MS: "2000", TRANSCODE_CONCURRENCY: "1" };
const describePg = postgres?.available ? describe : describe.skip;

/**
 * A transcode survives its process: killed with SIGKILL half-way, the job is taken up by the
 * next process when its lease ends and completes once. On PostgreSQL (two processes share it;
 * skipped, and reported so, without one).
 */
describePg("a transcode killed half-way, on PostgreSQL", () => {
  let platform: TestPlatform;
  const children: ChildProcess[] = [];
  // Long and noisy enough that the kill lands while ffmpeg works: a plain test pattern of 20 s
  // was encoded in under a second once, and the kill found the video already in review.
  const clip = sampleVideo("landscape-20s-noise", { seconds: 20, width: 854, height: 480, noise: true });
  const shorter = sampleVideo("landscape-8s", { seconds: 8, width: 854, height: 480 });

  beforeAll(async () => {
    if (!postgres) return;
    platform = await startSeeded(postgres);
    // This process serves the calls; only the spawned ones run jobs.
    await platform.server.ctx.jobs.stop();
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await platform.close();
  });

  it("kill -9 during the transcode: after a restart the job completes once", async () => {
    const { child: first } = await spawnServer(platform, quick);
    children.push(first);
    const { phone, password } = await registerPhone(platform);
    const { api } = await signIn(platform, { mobile: phone, password });
    const key = await uploadVideo(api, videoFile(clip));
    const saved = await api.substance.saveMyVideo(post(key, "中途断电"));
    await statusBecomes(platform, saved.id, [VideoStatus.processing]);
    // Once ffmpeg reports its first progress, pull the plug.
    await until(
      () =>
        rowsOf<{ progress: number | null }>(platform, `select progress from videos where id = ${saved.id}`),
      (rows) => (rows[0]?.progress ?? 0) > 0,
    );
    first.kill("SIGKILL");
    await once(first, "exit");
    const [midway] = await rowsOf<{ status: number }>(
      platform,
      `select status from videos where id = ${saved.id}`,
    );
    expect(midway?.status).toBe(VideoStatus.processing);

    const { child: second } = await spawnServer(platform, quick);
    children.push(second);
    await statusBecomes(platform, saved.id, [VideoStatus.awaitingReview], 120_000);
    // The job is marked done just after its handler moves the video on: read it once it is.
    const jobs = await until(
      () =>
        rowsOf<{ attempts: number; done: boolean; failed: boolean }>(
          platform,
          `select attempts, done_at is not null as done, failed_at is not null as failed from jobs where key = 'video.transcode:${saved.id}'`,
        ),
      (rows) => rows.some((row) => row.done || row.failed),
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ done: true, failed: false });
    expect(jobs[0]?.attempts).toBeGreaterThanOrEqual(2);
    // One clip for the video, whole; no attempt's work left behind.
    const clips = readdirSync(join(platform.config.dataDir, "uploads", "MEDIA")).filter((name) =>
      name.startsWith(`v${saved.id}-`),
    );
    expect(clips).toHaveLength(1);
    expect(
      existsSync(join(platform.config.dataDir, "uploads", "MEDIA", clips[0] ?? "", "manifest.json")),
    ).toBe(true);
    const [video] = await rowsOf<{ media_key: string; length_ms: number }>(
      platform,
      `select media_key, length_ms from videos where id = ${saved.id}`,
    );
    expect(video?.media_key).toBe(clips[0]);
    expect(video?.length_ms).toBeGreaterThan(19_000);
    // The operators' command, against the same database — run without blocking this process,
    // whose own server answers the case's calls meanwhile (a synchronous spawn held its event loop,
    // and a kept-alive connection was reset under it).
    const cli = (...args: string[]) => runCli(platform, ["review", ...args]);
    const listed = await cli("list");
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`^\\s*${saved.id}\\s+video\\s+40\\s.*中途断电$`, "m"));
    expect(await cli("approve", "abc")).toEqual({ code: 1, out: "not a video id: abc\n" });
    expect((await cli("reject", saved.id)).code).toBe(1);
    expect(await cli("approve", saved.id)).toEqual({ code: 0, out: `video ${saved.id} published\n` });
    expect((await cli("approve", saved.id)).code).toBe(1);
    expect((await api.substance.getInfoById({ id: saved.id })).type).toBe(VideoStatus.published);
    const work = join(platform.config.dataDir, "transcode");
    expect(
      existsSync(work) ? readdirSync(work).filter((name) => name.startsWith(`v${saved.id}-`)) : [],
    ).toEqual([]);
  }, 180_000);

  it("SIGTERM during the transcode: the process exits within its deadline and another takes the job at once", async () => {
    // A lease of a minute: only the hand-back at shutdown can let the second process start it soon.
    const slow = { ...quick, JOBS_LEASE_MS: "60000", SHUTDOWN_DRAIN_MS: "300", SHUTDOWN_TIMEOUT_MS: "5000" };
    const { child: first } = await spawnServer(platform, slow);
    const { child: second } = await spawnServer(platform, slow);
    children.push(first, second);
    const { phone, password } = await registerPhone(platform);
    const { api } = await signIn(platform, { mobile: phone, password });
    // Long enough to be cut half-way, short enough that its two runs cost little ffmpeg time.
    const key = await uploadVideo(api, videoFile(shorter));
    const saved = await api.substance.saveMyVideo(post(key, "部署时转码"));
    const job = `video.transcode:${saved.id}`;
    // Whichever process took it is told to stop; the other finishes it.
    const holder = await until(
      () => rowsOf<{ by: string | null }>(platform, `select locked_by as by from jobs where key = '${job}'`),
      (rows) => rows[0]?.by != null,
    );
    await statusBecomes(platform, saved.id, [VideoStatus.processing]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pid = Number((holder[0]?.by ?? "").split(":")[1]);
    const [stopping, other] = first.pid === pid ? [first, second] : [second, first];
    const signalled = Date.now();
    stopping.kill("SIGTERM");
    const [code] = (await once(stopping, "exit")) as [number | null];
    expect({ code, withinDeadline: Date.now() - signalled < 5000 }).toEqual({
      code: 0,
      withinDeadline: true,
    });
    // Handed back, not failed: the other process starts it well before the lease would have ended.
    await statusBecomes(platform, saved.id, [VideoStatus.awaitingReview], 60_000);
    expect(Date.now() - signalled).toBeLessThan(60_000);
    const [row] = await until(
      () =>
        rowsOf<{ attempts: number; done: boolean; by: string }>(
          platform,
          `select attempts, done_at is not null as done, locked_by as by from jobs where key = '${job}'`,
        ),
      (rows) => rows[0]?.done === true,
    );
    expect(row).toMatchObject({ attempts: 1, done: true });
    // Finished by a process still running (this case's other, or the first case's restart).
    expect(Number(row?.by.split(":")[1])).not.toBe(stopping.pid);
    expect(other.exitCode).toBeNull();
  }, 120_000);
});
