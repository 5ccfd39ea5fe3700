import { z } from "zod";
import { flag, group, listOf, orElse, orNull, setting, text, whole } from "./setting";
import type { Read } from "./setting";

/** Live rooms (Step 16, decision 0022): the RTMP ingest, the live HLS it makes, the chat. */
export interface LiveSettings {
  /** The RTMP ingest's port (LIVE_RTMP_PORT; 0: any free one); null: no ingest (the default). */
  readonly rtmpPort: number | null;
  /** The address it listens on (LIVE_RTMP_HOST, else HOST). */
  readonly rtmpHost: string;
  /** What authors put in their encoder as the server (LIVE_RTMP_PUBLIC_URL), else rtmp://host:port/live. */
  readonly rtmpPublicUrl: string | null;
  /** Start the seeded demo room: ffmpeg looping a clip into the ingest with `-c copy` (LIVE_DEMO). */
  readonly demo: boolean;
  /** Target length of a live segment, and how many the playlists keep (the sliding window). */
  readonly segmentSeconds: number;
  readonly windowSegments: number;
  /** Heights of the renditions made below the source's (LIVE_LADDER, e.g. "480,240"; empty: source only). */
  readonly ladder: readonly number[];
  /** How long a dropped encoder may take to come back before the room ends (ms). */
  readonly reconnectGraceMs: number;
  /** A stream that sends nothing for this long is dropped (ms). */
  readonly stallMs: number;
  /** Chat messages one person may send per minute, and the least time between two (ms). */
  readonly chatPerMinute: number;
  readonly chatGapMs: number;
  /** Chat streams one client address may hold open, every process together. */
  readonly streamsPerAddress: number;
  /** How often each process renews its presence and checks its chat streams' right again (ms). */
  readonly checkEveryMs: number;
  /** How often the packager renews a live room's cover picture (seconds). */
  readonly coverEverySeconds: number;
}

/** A port, or `off` (as unset: no ingest). */
const rtmpPort = orNull(
  z
    .string()
    .transform((value) => (value === "off" ? undefined : value))
    .pipe(whole(0, { max: 65_535, tooBig: "must be a port (0-65535) or off" }).optional()),
).transform((port) => port ?? null);

const ladderRefusal = "must be even heights from 72 to 2160, comma-separated";
const height = whole(72, { max: 2160, refusal: ladderRefusal }).refine((h) => h % 2 === 0, {
  error: ladderRefusal,
});

/** Unset: 240; empty: none (the source only). Highest first, once each. */
const ladder = z
  .string()
  .default("240")
  .pipe(listOf(height))
  .transform((heights) => [...new Set(heights)].sort((a, b) => b - a));

const rtmpUrl = z
  .string()
  .regex(/^rtmps?:\/\/[^\s/]+(\/[^\s]*)?$/i, { error: "must be an rtmp:// or rtmps:// URL" })
  .transform((url) => url.replace(/\/+$/, ""));

/** The RTMP ingest, the live playlists and the chat's limits. */
export const liveSettings = {
  rtmpPort: setting("LIVE_RTMP_PORT", rtmpPort, {
    default: "off (start.sh: 1935)",
    description:
      "the RTMP ingest's port (0: any free one; `off`: no ingest, no room can go live); one process per deployment; decision 0022",
  }),
  rtmpHost: setting("LIVE_RTMP_HOST", orNull(text), {
    default: "`HOST`",
    description: "the address the ingest listens on",
  }),
  rtmpPublicUrl: setting("LIVE_RTMP_PUBLIC_URL", orNull(rtmpUrl), {
    default: "rtmp://host:port/live",
    description: "the encoder's server shown to authors (behind a proxy or another name)",
  }),
  demo: setting("LIVE_DEMO", orElse(flag, false), {
    default: "off (start.sh: on)",
    description:
      "the seeded studio's demo room, fed by ffmpeg looping a clip with `-c copy` (its key in a 0600 file)",
  }),
  ladder: setting("LIVE_LADDER", ladder, {
    default: "`240`",
    description: "heights encoded below the source (comma-separated; empty: the source only)",
  }),
  segmentSeconds: setting("LIVE_SEGMENT_SECONDS", orElse(whole(), 1), {
    default: "`1`",
    description: "live segment length",
  }),
  windowSegments: setting("LIVE_WINDOW_SEGMENTS", orElse(whole(3), 6), {
    default: "`6`",
    description: "the segments the live playlists keep (their sliding window)",
  }),
  reconnectGraceMs: setting("LIVE_RECONNECT_GRACE_MS", orElse(whole(0), 15_000), {
    default: "`15000`",
    description: "how long a dropped encoder may come back (never with a reset key)",
  }),
  stallMs: setting("LIVE_STALL_MS", orElse(whole(1000), 10_000), {
    default: "`10000`",
    description: "how long a silent encoder is kept",
  }),
  chatPerMinute: setting("LIVE_CHAT_PER_MINUTE", orElse(whole(), 20), {
    default: "`20`",
    description: "chat messages per person in any minute; every process together",
  }),
  chatGapMs: setting("LIVE_CHAT_GAP_MS", orElse(whole(0), 1000), {
    default: "`1000`",
    description: "the least time between two chat messages of one person; every process together",
  }),
  streamsPerAddress: setting("LIVE_CHAT_STREAMS_PER_ADDRESS", orElse(whole(), 20), {
    default: "`20`",
    description:
      "chat streams one client address may hold open, every process together (leases, 30 s after a crash)",
  }),
  checkEveryMs: setting("LIVE_CHECK_EVERY_MS", orElse(whole(100), 5000), {
    default: "`5000`",
    description:
      "how often each process renews its rooms' presence and checks its chat streams' right to watch again",
  }),
  coverEverySeconds: setting("LIVE_COVER_EVERY_SECONDS", orElse(whole(1), 5), {
    default: "`5`",
    description: "how often a live room's cover picture is renewed",
  }),
};

export const liveGroup = group("Live rooms", liveSettings);

/** `host`: where the server listens, which the ingest also does unless told otherwise. */
export function liveOf(read: Read, host: string): LiveSettings {
  const s = liveSettings;
  return {
    rtmpPort: read(s.rtmpPort),
    rtmpHost: read(s.rtmpHost) ?? host,
    rtmpPublicUrl: read(s.rtmpPublicUrl),
    demo: read(s.demo),
    segmentSeconds: read(s.segmentSeconds),
    windowSegments: read(s.windowSegments),
    ladder: read(s.ladder),
    reconnectGraceMs: read(s.reconnectGraceMs),
    stallMs: read(s.stallMs),
    chatPerMinute: read(s.chatPerMinute),
    chatGapMs: read(s.chatGapMs),
    streamsPerAddress: read(s.streamsPerAddress),
    checkEveryMs: read(s.checkEveryMs),
    coverEverySeconds: read(s.coverEverySeconds),
  };
}
