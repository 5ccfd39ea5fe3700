import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { WatchLevel } from "@platform/domain";
import { and, eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { decodeErrorsOf, packetsOf, playlistSeconds as seconds, urisOf } from "../../../test/media";
import { purchases, videos } from "../../db/schema";
import { demoAccounts } from "../../seed";
import { segmentSignature } from "../media/segments";

const [vip, ordinary] = demoAccounts;

interface Fetched {
  url: string;
  status: number;
  headers: Headers;
  text: string;
  bytes: number;
}

async function get(
  platform: TestPlatform,
  path: string,
  headers: Record<string, string> = {},
): Promise<Fetched> {
  const response = await fetch(`${platform.server.origin}${path}`, { headers });
  const buffer = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    url: path,
    headers: response.headers,
    text: buffer.toString("utf8"),
    bytes: buffer.length,
  };
}

async function bytesOf(platform: TestPlatform, path: string): Promise<Buffer> {
  const response = await fetch(`${platform.server.origin}${path}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

eachDatabase("media access over HTTP", (target) => {
  let platform: TestPlatform;
  let member: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;
  /** One video of each level on the same 20 s clip, with a 6 s preview. */
  const ids: Record<WatchLevel, number> = { FREE: 0, SVIP: 0, CHARGE: 0 };

  beforeAll(async () => {
    platform = await startSeeded(target);
    const db = platform.server.ctx.db;
    for (const level of [WatchLevel.FREE, WatchLevel.SVIP, WatchLevel.CHARGE]) {
      const [row] = await db
        .update(videos)
        .set({ freeTimeMs: 6_000, amount: level === WatchLevel.CHARGE ? 500 : 0, discount: null })
        .where(
          eq(
            videos.id,
            (await db
              .select({ id: videos.id })
              .from(videos)
              .where(eq(videos.watchLevel, level))
              .limit(1)
              .then(([v]) => v?.id)) ?? -1,
          ),
        )
        .returning({ id: videos.id });
      ids[level] = row?.id ?? 0;
      await db.update(videos).set({ mediaKey: "aurora", lengthMs: 20_000 }).where(eq(videos.id, ids[level]));
    }
    member = await signIn(platform, vip);
    other = await signIn(platform, ordinary);
  });
  afterAll(() => platform.close());

  async function playlistOf(who: typeof member, id: number, rendition = "480p"): Promise<Fetched> {
    const detail = await who.api.substance.getInfoById({ id: String(id) });
    const entry = detail.multiResolutionList.find((r) => r.resolution === rendition);
    expect(entry).toBeDefined();
    return get(platform, who.api.mediaUrl(entry?.videoPlayUrl ?? ""));
  }

  it("offers 720p, 480p and 360p playlists, 480p by default", async () => {
    const detail = await member.api.substance.getInfoById({ id: String(ids.FREE) });
    expect(detail.multiResolutionList.map((r) => [r.resolution, r.defaultResolution])).toEqual([
      ["720p", false],
      ["480p", true],
      ["360p", false],
    ]);
  });

  it("serves a free video's whole playlist and every segment", async () => {
    const playlist = await playlistOf(other, ids.FREE);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(playlist.headers.get("cache-control")).toBe("private, max-age=60"); // decision 0036
    expect(seconds(playlist.text)).toBeCloseTo(20, 0);
    expect(playlist.text).toContain("#EXT-X-ENDLIST");
    const uris = urisOf(playlist.text);
    // 20 s: four 1 s segments, then four of 4 s (recipes.ts: SHORT_SEGMENTS).
    expect(uris.length).toBe(9);
    for (const uri of uris) {
      const segment = await get(platform, uri);
      expect(segment.status).toBe(200);
      expect(segment.bytes).toBeGreaterThan(100);
      expect(segment.headers.get("content-type")).toBe("video/mp4");
      expect(segment.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    }
  });

  it("gives a non-member an SVIP video only up to the limit, and 403 for a later segment", async () => {
    expect((await other.api.substance.getInfoById({ id: String(ids.SVIP) })).privileges).toEqual({
      buyInfo: { isBuy: false },
      vipInfo: { isVip: false },
      watchLevel: "SVIP",
    });
    const preview = await playlistOf(other, ids.SVIP);
    // 6 s limit: the four 1 s segments, the 4 s one from 4 s cut at 6 s, then the end.
    expect(seconds(preview.text)).toBeCloseTo(6, 3);
    expect(preview.text).not.toContain("seg_00005");
    const full = await playlistOf(member, ids.SVIP);
    expect(seconds(full.text)).toBeCloseTo(20, 0);
    // A member's URL of a later segment, with its signature taken off, fetched directly.
    const later = urisOf(full.text).find((u) => u.includes("seg_00006")) ?? "";
    const bare = later.replace(/\?.*$/, "");
    expect((await get(platform, bare)).status).toBe(403);
    expect(
      (
        await get(
          platform,
          `${bare}?token=${encodeURIComponent(other.api.client.storage.get("accessToken") ?? "")}`,
        )
      ).status,
    ).toBe(403);
    // The member's own signed URL works.
    expect((await get(platform, later)).status).toBe(200);
  });

  it("cuts a preview at the limit: the last segment holds nothing at or past it and decodes", async () => {
    const preview = await playlistOf(other, ids.SVIP);
    // The playlist lasts the limit (within a frame at 15 fps).
    expect(Math.abs(seconds(preview.text) - 6)).toBeLessThan(1 / 15);
    const uris = urisOf(preview.text);
    expect(uris).toHaveLength(6);
    const [init, first] = uris;
    const cut = uris.at(-1);
    expect(first).toMatch(/\/seg_00000\.m4s\?/);
    expect(cut).toMatch(/\/seg_00004\.preview-6000ms\.m4s\?expires=\d+&sig=/);
    const response = await get(platform, cut ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);

    const [initBytes, firstBytes, cutBytes] = await Promise.all(
      [init, first, cut].map((uri) => bytesOf(platform, uri ?? "")),
    );
    if (!initBytes || !firstBytes || !cutBytes) throw new Error("a segment is missing");
    // ffprobe's times start where the edit lists put the first video frame: the playlist's zero.
    const zero = Math.min(
      ...packetsOf(Buffer.concat([initBytes, firstBytes]))
        .filter((p) => p.stream === 0)
        .map((p) => p.pts),
    );
    const packets = packetsOf(Buffer.concat([initBytes, cutBytes])).map((p) => ({ ...p, pts: p.pts - zero }));
    const video = packets.filter((p) => p.stream === 0);
    const audio = packets.filter((p) => p.stream === 1);
    expect(video[0]?.pts).toBeCloseTo(4, 3);
    // Nothing at or past the limit (the audio's edit list is in milliseconds: 1 ms of slack).
    for (const p of packets) expect(p.pts).toBeLessThan(6.001);
    // …and the cut goes up to it: the video within its last mini-GOP, the audio within a frame.
    expect(Math.max(...video.map((p) => p.pts + p.duration))).toBeGreaterThan(6 - 4 / 15);
    expect(Math.max(...audio.map((p) => p.pts + p.duration))).toBeGreaterThan(6 - 0.022);
    expect(decodeErrorsOf(Buffer.concat([initBytes, cutBytes]))).toBe("");
  });

  it("never opens the whole segment with a preview's signature", async () => {
    const preview = await playlistOf(other, ids.SVIP);
    const cut = urisOf(preview.text).at(-1) ?? "";
    expect((await get(platform, cut)).status).toBe(200);
    // The same signature on the whole segment the cut was made from, on another limit, on the
    // next segment's cut: all refused.
    for (const [from, to] of [
      ["seg_00004.preview-6000ms.m4s", "seg_00004.m4s"],
      ["preview-6000ms", "preview-8000ms"],
      ["preview-6000ms", "preview-7999ms"],
      ["seg_00004", "seg_00005"],
    ] as const) {
      const tampered = cut.replace(from, to);
      expect(tampered).not.toBe(cut);
      expect((await get(platform, tampered)).status).toBe(403);
    }
    // A cut the server signed but that does not fit the segment it names is not served.
    const path = `${String(ids.SVIP)}/480p/seg_00004.preview-9000ms.m4s`;
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const sig = segmentSignature(platform.server.ctx, path, expires);
    expect((await get(platform, `/api/media/seg/${path}?expires=${String(expires)}&sig=${sig}`)).status).toBe(
      404,
    );
  });

  it("gives viewers with the right the original playlist, uncut", async () => {
    const original = await platform.server.ctx.media.playlist("aurora", "480p");
    const names = original?.segments.map((s) => s.file) ?? [];
    expect(names.length).toBe(8);
    for (const [who, id] of [
      [member, ids.SVIP],
      [other, ids.FREE],
    ] as const) {
      const playlist = await playlistOf(who, id);
      expect(playlist.text).not.toContain("preview");
      expect(urisOf(playlist.text).map((u) => /\/([^/?]+)\?/.exec(u)?.[1])).toEqual(["init.mp4", ...names]);
      expect([...playlist.text.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]))).toEqual(
        original?.segments.map((s) => s.duration),
      );
    }
  });

  it("cuts each video of a shared clip at its own limit; no cut on a segment boundary", async () => {
    const db = platform.server.ctx.db;
    const more = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.watchLevel, WatchLevel.SVIP), notInArray(videos.id, Object.values(ids))))
      .limit(2);
    const [late, boundary] = more.map((v) => v.id);
    if (late === undefined || boundary === undefined) throw new Error("two more SVIP videos needed");
    for (const [id, freeTimeMs] of [
      [late, 9_500],
      [boundary, 8_000],
    ] as const) {
      await db
        .update(videos)
        .set({ mediaKey: "aurora", lengthMs: 20_000, freeTimeMs })
        .where(eq(videos.id, id));
    }

    const onBoundary = await playlistOf(other, boundary);
    expect(onBoundary.text).not.toContain("preview");
    expect(urisOf(onBoundary.text).map((u) => /\/([^/?]+)\?/.exec(u)?.[1])).toEqual([
      "init.mp4",
      "seg_00000.m4s",
      "seg_00001.m4s",
      "seg_00002.m4s",
      "seg_00003.m4s",
      "seg_00004.m4s",
    ]);
    expect(seconds(onBoundary.text)).toBeCloseTo(8, 3);

    const later = await playlistOf(other, late);
    expect(seconds(later.text)).toBeCloseTo(9.5, 3);
    const cut = urisOf(later.text).at(-1) ?? "";
    expect(cut).toContain("/seg_00005.preview-9500ms.m4s?");
    // Made once on disk (derived data, kept with the clip): concurrent first requests share it.
    const clip = platform.server.ctx.media.clip("aurora");
    const disk = join(
      platform.config.mediaDir,
      clip?.folder ?? "",
      "480p",
      "previews-v1",
      "seg_00005.preview-9500ms.m4s",
    );
    rmSync(disk, { force: true });
    const answers = await Promise.all(Array.from({ length: 4 }, () => get(platform, cut)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
    expect(existsSync(disk)).toBe(true);
    const sixSeconds = urisOf((await playlistOf(other, ids.SVIP)).text).at(-1) ?? "";
    expect((await get(platform, sixSeconds)).bytes).not.toBe(answers[0]?.bytes);
  });

  it("gives a CHARGE video's preview before buying and all of it after", async () => {
    const before = await playlistOf(other, ids.CHARGE);
    expect(seconds(before.text)).toBeCloseTo(6, 3);
    await platform.server.ctx.db.delete(purchases).where(eq(purchases.videoId, ids.CHARGE));
    // The preview's URL names its limit; bought, another URL (a kept preview is never reused).
    const url = async () => (await playlistOf(member, ids.CHARGE)).url;
    expect(await url()).toMatch(/480p\.m3u8\?access=6000&token=/);
    const bought = await member.api.substance.buyVideo({ payType: "GOLD", substanceId: String(ids.CHARGE) });
    expect(bought.isBuy).toBe(true);
    expect(await url()).toMatch(/480p\.m3u8\?access=full&token=/);
    expect(
      (await member.api.substance.getInfoById({ id: String(ids.CHARGE) })).privileges.buyInfo.isBuy,
    ).toBe(true);
    expect(seconds((await playlistOf(member, ids.CHARGE)).text)).toBeCloseTo(20, 0);
    // The other user still has not bought it.
    expect(seconds((await playlistOf(other, ids.CHARGE)).text)).toBeCloseTo(6, 3);
  });

  it("refuses a tampered or expired segment signature", async () => {
    const uri = urisOf((await playlistOf(member, ids.FREE)).text)[1] ?? "";
    const url = new URL(uri, "http://x");
    const sig = url.searchParams.get("sig") ?? "";
    const tampered = new URL(url);
    tampered.searchParams.set("sig", `${sig.slice(0, -2)}${sig.endsWith("00") ? "11" : "00"}`);
    expect((await get(platform, `${tampered.pathname}${tampered.search}`)).status).toBe(403);
    const otherFile = new URL(url);
    otherFile.pathname = otherFile.pathname.replace("seg_00000", "seg_00004");
    expect((await get(platform, `${otherFile.pathname}${otherFile.search}`)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await get(platform, `${longer.pathname}${longer.search}`)).status).toBe(403);
    // Correctly signed by the server's key, but an hour ago.
    const path = url.pathname.replace("/api/media/seg/", "");
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = `${url.pathname}?expires=${String(past)}&sig=${segmentSignature(platform.server.ctx, path, past)}`;
    expect((await get(platform, expired)).status).toBe(403);
  });

  it("answers byte ranges and revalidation of a segment", async () => {
    const uri = urisOf((await playlistOf(member, ids.FREE)).text)[1] ?? "";
    const whole = await get(platform, uri);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const part = await get(platform, uri, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.bytes).toBe(100);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${String(whole.bytes)}`);
    const tail = await get(platform, uri, { range: "bytes=-10" });
    expect(tail.bytes).toBe(10);
    expect((await get(platform, uri, { range: `bytes=${String(whole.bytes + 5)}-` })).status).toBe(416);
    const etag = whole.headers.get("etag") ?? "";
    expect((await get(platform, uri, { "if-none-match": etag })).status).toBe(304);
  });

  it("plays: ffmpeg decodes whole playlists over HTTP, a looped clip across its join too", async () => {
    const run = promisify(execFile);
    const [looped] = await platform.server.ctx.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.mediaKey, "colourbars"))
      .limit(1);
    for (const [id, length] of [
      [ids.FREE, 20],
      [looped?.id ?? 0, 100],
    ] as const) {
      const detail = await member.api.substance.getInfoById({ id: String(id) });
      const entry = detail.multiResolutionList.find((r) => r.resolution === "360p");
      const url = `${platform.server.origin}${member.api.mediaUrl(entry?.videoPlayUrl ?? "")}`;
      const { stderr } = await run("ffmpeg", ["-v", "error", "-i", url, "-f", "null", "-"]);
      expect(stderr).toBe("");
      const { stdout } = await run("ffprobe", [
        "-v",
        "error",
        "-show_entries",
        "format=duration",
        "-of",
        "csv=p=0",
        url,
      ]);
      expect(Number(stdout)).toBeGreaterThan(length - 1);
      expect(Number(stdout)).toBeLessThan(length + 1.5);
    }
  });

  it("plays a preview over HTTP to its limit: ffmpeg decodes the whole preview playlist", async () => {
    const run = promisify(execFile);
    const detail = await other.api.substance.getInfoById({ id: String(ids.SVIP) });
    for (const entry of detail.multiResolutionList) {
      const url = `${platform.server.origin}${other.api.mediaUrl(entry.videoPlayUrl)}`;
      const { stderr } = await run("ffmpeg", ["-v", "error", "-i", url, "-f", "null", "-"]);
      expect(stderr).toBe("");
      const { stdout } = await run("ffprobe", [
        ...["-v", "error", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", url],
      ]);
      const ends = stdout
        .trim()
        .split("\n")
        .map((line) => line.split(",").map(Number))
        .map(([pts = 0, duration = 0]) => pts + (Number.isNaN(duration) ? 0 : duration));
      // The HLS demuxer's times are the playlist's (plus the edit lists' shift, under 0.2 s).
      expect(Math.max(...ends)).toBeGreaterThan(5.7);
      expect(Math.max(...ends)).toBeLessThan(6.2);
    }
  });

  it("refuses a playlist without a valid token (401) and an unknown rendition or video (404)", async () => {
    expect((await get(platform, `/api/media/hls/${String(ids.FREE)}/480p.m3u8`)).status).toBe(401);
    expect((await get(platform, `/api/media/hls/${String(ids.FREE)}/480p.m3u8?token=nope`)).status).toBe(401);
    expect(
      (await get(platform, other.api.mediaUrl(`/api/media/hls/${String(ids.FREE)}/1080p.m3u8`))).status,
    ).toBe(404);
    expect((await get(platform, other.api.mediaUrl("/api/media/hls/99999999/480p.m3u8"))).status).toBe(404);
  });

  it("serves covers as public, cacheable pictures", async () => {
    const detail = await member.api.substance.getInfoById({ id: String(ids.FREE) });
    const cover = await get(platform, detail.coverFileUrl ?? "");
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/jpeg");
    expect(cover.headers.get("cache-control")).toContain("immutable");
    expect((await get(platform, "/api/media/covers/aurora-x/cover.jpg")).status).toBe(404);
    expect(
      (await get(platform, (detail.coverFileUrl ?? "").replace("cover.jpg", "manifest.json"))).status,
    ).toBe(404);
  });
});
