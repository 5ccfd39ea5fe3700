import { encodePageSession } from "@platform/api-client/contract";
import { videoStartSeconds } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "../../test/harness";
import { answersOf, pageServer } from "../../test/page";
import { firstSegments, plannedCalls, preloadLink, withPageData } from "./page-data";

// The first screen's data and bytes in the page (Step 23, decision 0035).

describe("what a page's first render asks (the app's requests, field for field)", () => {
  it("/home: the first page of its filters and the classifications; a filter the app would not take stays default", () => {
    expect(plannedCalls("/home", new URLSearchParams(), 7)).toEqual([
      {
        call: "substance.getVideoList",
        request: {
          current: 1,
          cursor: null,
          size: 10,
          price: "all",
          sort: "default",
          duration: "all",
          tag: null,
        },
      },
      { call: "substance.classifyList", request: { limit: 20 } },
    ]);
    const [list] = plannedCalls(
      "/home/",
      new URLSearchParams("price=free&sort=bogus&tag=hot&classifyId=3"),
      7,
    );
    expect(list?.request).toMatchObject({ price: "free", sort: "default", tag: "hot", classifyId: "3" });
  });

  it("/videoview: the video and the viewer's benefits; nothing without a usable id or on other pages", () => {
    expect(plannedCalls("/videoview", new URLSearchParams("id=12"), 7)).toEqual([
      { call: "substance.getInfoById", request: { id: "12" } },
      { call: "user.queryMemberBenefits", request: { userId: "7" } },
    ]);
    for (const id of ["", "x", "1e3", "12345678901234567890"]) {
      expect(plannedCalls("/videoview", new URLSearchParams({ id }), 7)).toEqual([]);
    }
    expect(plannedCalls("/my", new URLSearchParams(), 7)).toEqual([]);
  });

  it("the first two segments of a playlist, on this server only; links and markup escaped", () => {
    const playlist = [
      "#EXTM3U",
      '#EXT-X-MAP:URI="/api/media/seg/1/480p/init.mp4?expires=9&sig=a&token=t"',
      "#EXTINF:1.0,",
      "seg_00000.m4s?expires=9&sig=b",
      "#EXTINF:1.0,",
      "seg_00001.m4s?expires=9&sig=c",
    ].join("\n");
    expect(firstSegments(playlist, "/api/media/seg/1/480p/index.m3u8?token=t")).toEqual([
      "/api/media/seg/1/480p/init.mp4?expires=9&sig=a&token=t",
      "/api/media/seg/1/480p/seg_00000.m4s?expires=9&sig=b",
    ]);
    expect(firstSegments("#EXTM3U\nhttps://elsewhere.example/seg.m4s", "/api/x.m3u8")).toEqual([]);
    expect(preloadLink("fetch", '/a?b=1&c="2"')).toBe(
      '<link rel="preload" as="fetch" href="/a?b=1&amp;c=&quot;2&quot;" crossorigin="anonymous" fetchpriority="high">',
    );
    const html = withPageData("<html><head><title>x</title></head><body></body></html>", {
      answers: [{ call: "substance.getInfoById", request: { id: "1" }, data: { title: "</script>" } }],
      preloads: [preloadLink("image", "/p.webp")],
    });
    // The preloads open the head (before the app's scripts); the answers close it.
    expect(html).toMatch(
      /<head><link rel="preload" as="image" href="\/p.webp" fetchpriority="high"><title>x<\/title><script type="application\/json"/,
    );
    expect(
      withPageData('<head><meta charset="UTF-8" /><script src="/a.js"></script></head>', {
        answers: [],
        preloads: [preloadLink("fetch", "/s.m4s")],
      }),
    ).toMatch(
      /^<head><meta charset="UTF-8" \/><link rel="preload" as="fetch" href="\/s.m4s"[^>]*><script src/,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const skeleton = '<div class="h5-boot__player"><svg></svg></div>';
    expect(withPageData(skeleton, { answers: [], preloads: [], poster: "/p.webp?a=1&b=2" })).toBe(
      '<div class="h5-boot__player"><img class="h5-boot__poster" src="/p.webp?a=1&amp;b=2" alt="" fetchpriority="high"><svg></svg></div>',
    );
    expect(
      withPageData(`<head></head>${skeleton}`, {
        answers: [],
        preloads: [],
        poster: null,
        playlist: '/a.m3u8?t="1"&b=2#t=3',
      }),
    ).toBe(
      '<head><meta name="pf-page-video" content="1"><script type="application/json" id="pf-page-data">[]</script></head>' +
        '<div class="h5-boot__player"><video data-pf-page-video autoplay playsinline preload="auto">' +
        '<source src="/a.m3u8?t=&quot;1&quot;&amp;b=2#t=3" type="application/vnd.apple.mpegurl"></video><svg></svg></div>',
    );
    // /home: the first covers in the first cards of the skeleton's grid, as the grid card draws them.
    const grid = '<div class="h5-boot__cover"></div>'.repeat(3);
    expect(
      withPageData(grid, {
        answers: [],
        preloads: [],
        covers: ["/api/media/covers/a-1/cover.jpg", "https://elsewhere.example/x.jpg"],
      }),
    ).toBe(
      '<div class="h5-boot__cover"><picture><source type="image/webp" srcset="/api/media/covers/a-1/cover.w320.webp 320w, /api/media/covers/a-1/cover.w640.webp 640w" sizes="(max-width: 480px) 50vw, 240px">' +
        '<img src="/api/media/covers/a-1/cover.jpg" alt="" fetchpriority="high"></picture></div>' +
        '<div class="h5-boot__cover"><img src="https://elsewhere.example/x.jpg" alt="" fetchpriority="high"></div>' +
        '<div class="h5-boot__cover"></div>',
    );
  });
});

describe("the page as the server sends it", () => {
  let platform: TestPlatform;
  let cookie: string;
  let api: Awaited<ReturnType<typeof pageServer>>["api"];
  let close: () => Promise<void>;

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${platform.server.origin}${path}`, { headers });
    return { response, html: await response.text() };
  };

  beforeAll(async () => {
    const server = await pageServer(
      '<!doctype html><html><head><title>app</title></head><body><div class="h5-boot__player"></div></body></html>',
    );
    ({ platform, api, close } = server);
    cookie = `other=1; ${server.cookie}`;
  });
  afterAll(async () => {
    await close();
  });

  it("/videoview carries the answers the API gives, and preloads that are the player's own URLs", async () => {
    const [video] = (await api.substance.getVideoList({ size: 1, price: "free" })).records;
    if (video === undefined) throw new Error("the seed has no free video");
    const { response, html } = await page(`/videoview?id=${video.id}`, { cookie });
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("vary")).toMatch(/cookie/i);
    const answers = answersOf(html);
    expect(answers.map((answer) => answer.call)).toEqual([
      "substance.getInfoById",
      "user.queryMemberBenefits",
    ]);
    const info = await api.substance.getInfoById({ id: video.id });
    expect(answers[0]?.data).toEqual(info);

    const links = [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map(
      ([, as, href]) => ({
        as,
        href: (href ?? "").replace(/&amp;/g, "&"),
      }),
    );
    // The poster; the master playlist; its first rendition (the lightest, where a player starts),
    // that rendition's init segment and first segment.
    expect(links.map((link) => link.as)).toEqual(["image", "fetch", "fetch", "fetch", "fetch"]);
    const playlistUrl = api.mediaUrl(info.adaptivePlayUrl ?? "");
    expect(playlistUrl).toMatch(/\/master\.m3u8\?/);
    expect(links[1]?.href).toBe(playlistUrl);
    const master = await (await fetch(`${platform.server.origin}${playlistUrl}`)).text();
    const lightest = [...info.multiResolutionList].sort(
      (a, b) => parseInt(a.resolution) - parseInt(b.resolution),
    )[0];
    expect(links[2]?.href).toBe(api.mediaUrl(lightest?.videoPlayUrl ?? ""));
    expect(master).toContain(links[2]?.href.split("/").at(-1));
    const rendition = await (await fetch(`${platform.server.origin}${links[2]?.href ?? ""}`)).text();
    for (const link of links) {
      const fetched = await fetch(`${platform.server.origin}${link.href}`);
      expect(fetched.status, link.href).toBe(200);
      await fetched.arrayBuffer();
      // The segments are the playlist's own URLs: a browser playing it natively asks exactly these.
      if (link.href.includes("/seg/")) expect(rendition).toContain(link.href.split("/").at(-1));
    }
    // The playlists' URLs say what they hold (all of it): kept a minute by the browser, so the
    // page's preloads serve the video's own asks; the same playlist under an untrue URL is kept by no one.
    for (const [url, text] of [
      [links[1]?.href ?? "", master],
      [links[2]?.href ?? "", rendition],
    ] as const) {
      expect(url).toMatch(/\?access=full&/);
      for (const [access, kept] of [
        ["access=full", "private, max-age=60"],
        ["access=6000", "private, no-store"],
        ["access=", "private, no-store"],
      ]) {
        const asked = await fetch(`${platform.server.origin}${url.replace("access=full", access ?? "")}`);
        const answer = await asked.text();
        expect(asked.headers.get("cache-control")).toBe(kept);
        // The same text whatever was asked: a master names its renditions with the true access.
        expect(answer).toBe(text);
      }
    }
    // The page's own video plays that playlist (decision 0036); from where the viewer left it.
    const pageVideoSource = () =>
      /<video data-pf-page-video[^>]*><source src="([^"]+)" type="application\/vnd.apple.mpegurl">/
        .exec(html2.current)?.[1]
        ?.replace(/&amp;/g, "&");
    const html2 = { current: html };
    const start = videoStartSeconds(info);
    expect(pageVideoSource()).toBe(start > 0 ? `${playlistUrl}#t=${String(start)}` : playlistUrl);
    await api.substance.doPlay({ onlineId: video.id, seenMs: 4500, renewCount: 0 });
    html2.current = (await page(`/videoview?id=${video.id}`, { cookie })).html;
    expect(pageVideoSource()).toBe(`${playlistUrl}#t=4.5`);
  });

  it("/home carries the first page and the classifications as the API answers them", async () => {
    const { html } = await page("/home?price=free", { cookie });
    const answers = answersOf(html);
    const list = answers.find((answer) => answer.call === "substance.getVideoList");
    expect(list?.data).toEqual(await api.substance.getVideoList(list?.request as never));
    expect((list?.data as { records: unknown[] }).records.length).toBeGreaterThan(0);
    expect(answers.find((answer) => answer.call === "substance.classifyList")?.data).toEqual(
      await api.substance.classifyList({ limit: 20 }),
    );
  });

  it("no data without the cookie, with a bad or refused one, on HEAD, or on another page; the page is always sent", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/home", {}, "GET"],
      ["/home", { cookie: "pf_page=%ZZ" }, "GET"],
      [
        "/home",
        {
          cookie: `pf_page=${encodePageSession({ accessToken: "nobody", timeZone: "GMT+08:00", language: "zh_CN", busPlatformId: "" })}`,
        },
        "GET",
      ],
      ["/home", { cookie }, "HEAD"],
      ["/my", { cookie }, "GET"],
      ["/videoview?id=999999999", { cookie }, "GET"],
    ];
    for (const [path, headers, method] of cases) {
      const response = await fetch(`${platform.server.origin}${path}`, { headers, method });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(
        answersOf(html).filter((answer) => answer.call !== "user.queryMemberBenefits"),
        path,
      ).toEqual([]);
      expect(html, path).not.toContain('rel="preload"');
    }
  });
});
