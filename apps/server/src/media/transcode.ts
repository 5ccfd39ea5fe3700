import { spawn } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { KEY_FRAMES, MANIFEST, cutHls, ffmpeg, makeCovers } from "./generate";
import type { ClipManifest } from "./generate";
import { parsePlaylist } from "./playlist";
import { ladder } from "./recipes";

/**
 * An uploaded file is read as the file it is and nothing else: no protocol but `file` (a playlist
 * disguised as a video would otherwise make ffmpeg fetch URLs or read other files of this machine),
 * and only the containers of the accepted types.
 */
const LOCAL_FILE_ONLY = ["-protocol_whitelist", "file"];
const CONTAINERS = /^(mov,mp4,m4a,3gp,3g2,mj2|matroska,webm)$/;

/** What ffprobe says of a file, as far as making renditions needs. */
export interface Probe {
  readonly durationMs: number;
  /** As shown (a phone's rotation applied). */
  readonly width: number;
  readonly height: number;
  readonly hasAudio: boolean;
  readonly videoCodec: string;
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  format?: { duration?: string; format_name?: string };
}

/**
 * Read a file's streams with ffprobe, from its bytes (never its name): null when it holds no video
 * stream ffmpeg can read (a text file named .mp4, a picture, a broken file).
 */
export function probe(path: string): Promise<Probe | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "ffprobe",
      ["-v", "error", ...LOCAL_FILE_ONLY, "-print_format", "json", "-show_format", "-show_streams", path],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.resume();
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error("ffprobe is not installed: run scripts/bootstrap.sh (it installs Debian's ffmpeg)")
          : error,
      );
    });
    child.on("close", (code) => {
      if (code !== 0) {
        resolve(null);
        return;
      }
      let json: ProbeJson;
      try {
        json = JSON.parse(out) as ProbeJson;
      } catch {
        resolve(null);
        return;
      }
      if (!CONTAINERS.test(json.format?.format_name ?? "")) {
        resolve(null);
        return;
      }
      const video = json.streams?.find(
        (s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1 && (s.width ?? 0) > 0,
      );
      const seconds = Number(json.format?.duration ?? video?.duration ?? Number.NaN);
      if (!video?.width || !video.height || !Number.isFinite(seconds) || seconds <= 0) {
        resolve(null);
        return;
      }
      const rotation = Math.abs(
        Number(
          video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
        ),
      );
      const turned = rotation % 180 === 90;
      resolve({
        durationMs: Math.round(seconds * 1000),
        width: turned ? video.height : video.width,
        height: turned ? video.width : video.height,
        hasAudio: json.streams?.some((s) => s.codec_type === "audio") === true,
        videoCodec: video.codec_name ?? "unknown",
      });
    });
  });
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The renditions of an upload: the ladder's rungs no larger than the source (360p, 480p, 720p),
 * or, for a source smaller than the lowest rung, one rendition at its own size.
 */
export function renditionsFor(
  source: Probe,
): { name: string; width: number; height: number; kbps: number }[] {
  const short = Math.min(source.width, source.height);
  const long = Math.max(source.width, source.height);
  const landscape = source.width >= source.height;
  const sized = (shortSide: number) => {
    const longSide = even((shortSide * long) / short);
    return landscape ? { width: longSide, height: shortSide } : { width: shortSide, height: longSide };
  };
  const rungs = ladder.filter((rung) => rung.short <= short);
  if (rungs.length === 0) {
    const own = even(short);
    const lowest = ladder[0]?.videoKbps ?? 500;
    return [
      { name: `${String(own)}p`, ...sized(own), kbps: Math.max(150, Math.round((lowest * own) / 360)) },
    ];
  }
  return rungs.map((rung) => ({ name: rung.name, ...sized(rung.short), kbps: rung.videoKbps }));
}

/**
 * Make an uploaded video's clip in `work` (which must not exist): H.264/AAC fMP4 HLS at each
 * rendition (key frames as the seed's: 1-second segments first, then 4-second ones), the covers,
 * and the manifest, written last. `onProgress` gets 0 to 1 as the encoding goes.
 */
export async function transcodeUpload(input: {
  readonly source: string;
  readonly probe: Probe;
  readonly work: string;
  /** The clip's key, which is also its folder. */
  readonly key: string;
  readonly onProgress?: (fraction: number) => void;
  /** Aborted: ffmpeg is stopped and the promise rejects (the job runner's lease lost, a shutdown). */
  readonly signal?: AbortSignal;
}): Promise<ClipManifest> {
  const { source, work, key } = input;
  const info = input.probe;
  await mkdir(work, { recursive: true });
  const renditions = renditionsFor(info);
  const seconds = info.durationMs / 1000;
  const split = renditions.map((_, i) => `[s${String(i)}]`).join("");
  const scales = renditions
    .map(
      (r, i) => `[s${String(i)}]scale=${String(r.width)}:${String(r.height)},format=yuv420p[o${String(i)}]`,
    )
    .join(";");
  // A source without sound gets a silent track, so every clip has the same two tracks.
  const audioInput = info.hasAudio ? [] : ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"];
  const audioMap = info.hasAudio ? "0:a:0" : "1:a";
  const outputs = renditions.flatMap((r, i) => [
    ...["-map", `[o${String(i)}]`, "-map", audioMap],
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main"],
    ...["-force_key_frames", KEY_FRAMES, "-sc_threshold", "0"],
    ...["-b:v", `${String(r.kbps)}k`, "-maxrate", `${String(Math.round(r.kbps * 1.5))}k`],
    ...["-bufsize", `${String(r.kbps * 2)}k`],
    ...["-c:a", "aac", "-ar", "48000", "-ac", "2", "-b:a", "96k"],
    ...(info.hasAudio ? [] : ["-shortest"]),
    ...["-movflags", "+faststart", join(work, `base_${r.name}.mp4`)],
  ]);
  await ffmpeg(
    [
      ...[...LOCAL_FILE_ONLY, "-i", source, ...audioInput],
      ...["-filter_complex", `[0:v]split=${String(renditions.length)}${split};${scales}`],
      ...outputs,
    ],
    (done) => input.onProgress?.(Math.min(1, done / Math.max(seconds, 0.001))),
    input.signal,
  );
  for (const r of renditions) await cutHls(join(work, `base_${r.name}.mp4`), join(work, r.name));
  const best = renditions.at(-1);
  if (!best) throw new Error("no rendition");
  const orientation = info.height > info.width ? "vertical" : "landscape";
  await makeCovers(work, join(work, `base_${best.name}.mp4`), orientation, Math.min(2, seconds / 2));
  for (const r of renditions) await rm(join(work, `base_${r.name}.mp4`));
  const top = parsePlaylist(await readFile(join(work, best.name, "index.m3u8"), "utf8"));
  const manifest: ClipManifest = {
    key,
    folder: key,
    orientation,
    width: best.width,
    height: best.height,
    lengthMs: Math.round(top.segments.reduce((sum, s) => sum + s.duration, 0) * 1000),
    renditions: renditions.map((r) => ({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: (r.kbps + 96) * 1000,
    })),
    cover: "cover.jpg",
    verticalCover: orientation === "vertical" ? "vertical.jpg" : null,
  };
  await writeFile(join(work, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}
