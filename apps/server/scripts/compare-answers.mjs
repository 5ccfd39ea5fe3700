// Do two builds of the server answer alike? `node apps/server/scripts/compare-answers.mjs <base> [now]`
// starts the built server (apps/server/dist) of two checkouts — e.g. a worktree of the commit before
// a refactor, and this one — on fresh embedded databases with the same seed, makes the same calls
// to both (the contract's read calls and refusals as the same demo account, media and file routes,
// in both languages) and prints every difference in the answers, after removing what differs by
// nature (times, tokens, signatures, random member ids). Both checkouts must be built.
// Step 10: 106 answers compared against 23698ed, none differ.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
const api = await import(`${here}/packages/api-client/dist/index.js`);
const { endpoints } = api;

if (!process.argv[2]) {
  console.error(
    "usage: node apps/server/scripts/compare-answers.mjs <base checkout> [checkout, default this one]",
  );
  process.exit(2);
}
const trees = { base: process.argv[2], now: process.argv[3] ?? here };
async function start(name, root, port) {
  const dataDir = `${tmpdir()}/compare-answers-${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn("node", [`${root}/apps/server/dist/index.js`], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_MEDIA: "quick",
      LOG_LEVEL: "warn",
      MEDIA_DIR: `${dataDir}-media`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("is running at")) resolve();
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => reject(new Error(`${name} exited ${code}: ${out}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

async function session(origin) {
  const configJs = await (await fetch(`${origin}/api/h5/config.js`)).text();
  const config = JSON.parse(configJs.replace(/^window.__PLATFORM_CONFIG__=/, "").replace(/;$/, ""));
  const storage = api.memoryStorage();
  const client = api.createApiClient({ ...config, baseUrl: origin, storage, minimumResponseMs: 0 });
  await client.loginWithPassword({ phone: "13800000001", password: "demo123456" });
  return { token: storage.get("accessToken"), client };
}

async function call(origin, token, name, body, language) {
  const def = endpoints[name];
  let path = def.path.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(String(body[k])));
  const headers = {
    authorization: `Bearer ${token}`,
    language,
    "content-type": "application/json",
    "Idempotency-Key": `cmp-${name}-${language}`,
  };
  let init = { method: def.method, headers };
  if (def.method === "GET") {
    const q = new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
    path += `?${q}`;
  } else init.body = JSON.stringify(body);
  const res = await fetch(`${origin}/api${path}`, init);
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

function normal(value, key = "") {
  if (Array.isArray(value)) return value.map((v) => normal(v, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v, k)]));
  if (typeof value === "string") {
    if (/memberId|token|Token|sign$/.test(key)) return "<volatile>";
    if (/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d/.test(value)) return "<time>";
    return value.replace(/([?&](expires|sig|token)=)[^&]*/g, "$1<v>");
  }
  return value;
}

const calls = [
  ["user.queryInfo", {}],
  ["user.unreadTotal", {}],
  ["system.appModules", {}],
  ["system.menuConfig", { type: "MY" }],
  ["system.customService", {}],
  ["substance.classifyList", { limit: 20 }],
  ["substance.getVideoList", { current: 1, size: 10 }],
  ["substance.getVideoList", { current: 2, size: 10, sort: 1 }],
  ["substance.getVideoList", { current: 1, size: 5, price: 2, duration: 1 }],
  ["substance.getInfoById", { id: "1" }],
  ["substance.getInfoById", { id: "7" }],
  ["substance.getInfoById", { id: "999999" }],
  ["substance.getInfoById", { id: "abc" }],
  ["substance.recommendByVideoId", { videoId: "3", size: 5 }],
  ["substance.getMyVideoList", { current: 1, size: 10 }],
  ["substance.browseMyVideo", { userId: "2", current: 1, size: 10 }],
  ["substance.authorInfo", { userId: "2" }],
  ["substance.authorInfo", { userId: "99999" }],
  ["substance.commentList", { substanceId: "1", current: 1, size: 10, childSize: 2, sortRule: 0 }],
  ["substance.topicList", { current: 1, size: 10 }],
  ["substance.getFavorite", {}],
  ["substance.collectList", { current: 1, size: 10 }],
  ["substance.myBuyVideoList", { current: 1, size: 10 }],
  ["substance.createFavorite", { name: "x" }],
  ["substance.createFavorite", { name: "" }],
  ["substance.doComment", { substanceId: "1", content: "" }],
  ["substance.channelInfo", { channelTagId: "0" }],
  ["substance.channelInfo", { channelTagId: "424242" }],
  ["search.substance", { keyword: "a", current: 1, size: 10 }],
  ["search.user", { content: "1", current: 1, size: 10 }],
  ["search.hotTags", {}],
  ["search.watchHistory", { keyword: "", current: 1, size: 10 }],
  ["marketing.propsList", {}],
  ["game.userBalance", {}],
  ["trade.accountDetail", {}],
  ["user.memberBenefitsConfig", {}],
  ["user.vipGoodList", {}],
  ["user.memberCentrePictures", {}],
  ["contacts.follow", { followUserId: "1", userId: "1" }],
  ["contacts.follow", { followUserId: "2", userId: "999" }],
  ["substance.buyVideo", { substanceId: "1", payType: "GOLD" }],
  ["upload.signUrl", { uploadFileType: "PICTURE", contentType: "image/svg+xml" }],
  ["user.modifyBirthday", { birthday: "2999-01-01" }],
  ["system.report", { targetType: "VIDEO", targetId: "0", reason: "x" }],
];

const servers = {};
let port = 18100;
for (const [name, root] of Object.entries(trees)) servers[name] = await start(name, root, port++);
try {
  const sessions = {};
  for (const [name, s] of Object.entries(servers)) sessions[name] = await session(s.origin);
  let differences = 0,
    compared = 0;
  for (const language of ["zh_CN", "en_US"]) {
    for (const [name, body] of calls) {
      const answers = {};
      for (const [tree, s] of Object.entries(servers))
        answers[tree] = await call(s.origin, sessions[tree].token, name, body, language);
      const a = JSON.stringify(normal(answers.base)),
        b = JSON.stringify(normal(answers.now));
      compared++;
      if (a !== b) {
        differences++;
        console.log(
          `DIFF ${name} ${JSON.stringify(body)} ${language}\n  base: ${a.slice(0, 400)}\n  now:  ${b.slice(0, 400)}`,
        );
      }
    }
  }
  // Media and file routes (not in the contract table): playlists per viewer, refusals.
  const raw = (token) => [
    `/api/media/hls/1/360p.m3u8?token=${token}`,
    `/api/media/hls/3/720p.m3u8?token=${token}`,
    `/api/media/hls/1/360p.m3u8?token=nope`,
    `/api/media/hls/abc/360p.m3u8?token=${token}`,
    `/api/media/seg/1/360p/seg-00000.m4s?expires=1&sig=bad`,
    `/api/media/covers/x/y.jpg`,
    `/api/media/files/PUBLIC/picture/1/00000000-0000-0000-0000-000000000000.png`,
    `/api/media/files/bad/../x`,
    `/api/no/such/call`,
  ];
  for (const language of ["zh_CN", "en_US"]) {
    const lists = {};
    for (const [tree, s] of Object.entries(servers)) {
      lists[tree] = [];
      for (const path of raw(sessions[tree].token)) {
        const res = await fetch(`${s.origin}${path}`, { headers: { language } });
        const text = (await res.text()).replace(/([?&](expires|sig|token)=)[^&\s]*/g, "$1<v>");
        lists[tree].push(`${res.status} ${res.headers.get("cache-control")} ${text.slice(0, 2000)}`);
      }
    }
    lists.base.forEach((a, i) => {
      compared++;
      if (a !== lists.now[i]) {
        differences++;
        console.log(
          `DIFF raw ${i} ${language}\n  base: ${a.slice(0, 300)}\n  now:  ${lists.now[i].slice(0, 300)}`,
        );
      }
    });
  }
  console.log(`compared ${compared} answers; ${differences} differ`);
  if (differences > 0) process.exitCode = 1;
} finally {
  for (const s of Object.values(servers)) s.child.kill("SIGTERM");
}
