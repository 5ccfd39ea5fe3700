// Seeds the catalogue at scale into a database: the demo data, then 100 000 videos, 1 000 000
// comments and 10 000 people (or SCALE_VIDEOS; comments ×10 and people ÷10 of it), set-based.
// Run: DATABASE_URL=postgres://… pnpm -F @platform/server seed-scale   (builds first)
// On a fresh database only (the scale people take the 17… phones). Prints what each part took.
import { fileURLToPath } from "node:url";
import { FULL_SCALE, loadConfig, seed, seedAtScale, startServer } from "../dist/index.js";

const videos = Number(process.env.SCALE_VIDEOS ?? FULL_SCALE.videos);
const size = { videos, comments: videos * 10, users: Math.max(10, Math.floor(videos / 10)) };
const config = loadConfig({
  ...process.env,
  PORT: "0",
  // The small clip set the tests use (made once, kept in .cache) unless MEDIA_DIR says otherwise.
  MEDIA_DIR: process.env.MEDIA_DIR ?? fileURLToPath(new URL("../.cache/test-media", import.meta.url)),
  SEED_MEDIA: process.env.SEED_MEDIA ?? "quick",
});
const server = await startServer(config);
try {
  await seed(server.ctx);
  const done = await seedAtScale(server.ctx, size, (line) => console.log(`  ${line}`));
  console.log(
    `seeded ${size.videos} videos, ${size.comments} comments, ${size.users} people in ${(done.ms / 1000).toFixed(1)} s; long threads on video ${done.hotVideoId}`,
  );
} finally {
  await server.close();
}
