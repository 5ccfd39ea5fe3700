import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { appPaths, guardRoute } from "@platform/domain";
import { localeOf, storedLanguage } from "@platform/i18n";
import { describe, expect, it } from "vitest";
import { bootScript, skeletonHtml } from "./page";

const catalogs = { zhCN: "/assets/messages-zh.js", enUS: "/assets/messages-en.js" };
const manifests = { zhCN: "/manifest.zh-CN.webmanifest", enUS: "/manifest.en-US.webmanifest" };
const preloads = {
  "/home": ["/assets/home-1.js", "/assets/home-1.css"],
  "/videoview": ["/assets/videoview-1.js", "/assets/shaka-player.hls-es2021-1.js"],
  "/login": ["/assets/login-1.js"],
  // Two money routes share a list: their screens' chunk and the money catalog in each language.
  "/trade": [
    "/assets/money-screens-1.js",
    "/assets/late-catalogs-1.js",
    ["/assets/money-zh.js", "/assets/money-en.js"],
  ],
  "/withdraw": [
    "/assets/money-screens-1.js",
    "/assets/late-catalogs-1.js",
    ["/assets/money-zh.js", "/assets/money-en.js"],
  ],
  "/d": ["/assets/channel-1.js"],
} as const;

/** Runs the boot script as the page's head would, against a stand-in document and storage. */
function boot(
  href: string,
  stored: Record<string, string>,
  languages: readonly string[] = ["zh-CN"],
  nativeHls = false,
  pageVideo: { readyState: number; fire?: () => void } | null = null,
  table: Parameters<typeof bootScript>[2] = preloads,
) {
  const timers: (() => void)[] = [];
  const url = new URL(href, "https://h5.example");
  const attributes = new Map<string, string>();
  const links: { rel: string; href: string; as?: string }[] = [];
  let replacedWith = null as string | null;
  const documentElement = {
    lang: "zh-CN",
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  runInNewContext(bootScript(catalogs, manifests, table), {
    document: {
      documentElement,
      head: { appendChild: (link: { rel: string; href: string }) => links.push(link) },
      createElement: (tag: string) =>
        tag === "video"
          ? {
              canPlayType: (type: string) =>
                nativeHls && type === "application/vnd.apple.mpegurl" ? "maybe" : "",
            }
          : { rel: "", href: "" },
      querySelector: (selector: string) =>
        selector === "meta[name=pf-page-video]" && pageVideo !== null ? {} : null,
      addEventListener: (type: string, listener: () => void, options: { capture?: boolean }) => {
        if (type === "loadeddata" && options.capture === true && pageVideo !== null)
          pageVideo.fire = listener;
      },
    },
    location: {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      replace: (to: string) => (replacedWith = to),
    },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    navigator: { languages, language: languages[0] ?? "" },
    URLSearchParams,
    // After the first paint: run at once here.
    requestAnimationFrame: (run: () => void) => {
      run();
    },
    // The one without a delay runs at once; a delayed one when the test says.
    setTimeout: (run: () => void, ms?: number) => {
      if (ms === undefined) run();
      else timers.push(run);
      return timers.length;
    },
    clearTimeout: (id: number) => {
      timers[id - 1] = () => undefined;
    },
  });
  const runTimers = () => {
    for (const run of timers.splice(0)) run();
  };
  return { lang: documentElement.lang, boot: attributes.get("data-boot"), links, replacedWith, runTimers };
}

describe("the boot script", () => {
  const paths = [
    "/",
    "/home",
    "/home?price=free",
    "/login",
    "/LOGIN",
    "/login/",
    "/videoview?id=42#comments",
    "/d",
    "/d/0/x",
    "/D/12",
    "/dx",
    "/trade?tab=1&x=%20y",
    "/mycollection?active=ALL",
    "/no/such/page",
  ];

  it("sends a signed-out visitor where the route guard would, before any script of the app", () => {
    for (const path of paths) {
      const url = new URL(path, "https://h5.example");
      const decision = guardRoute({ path: url.pathname, fullPath: path, hasToken: false });
      const result = boot(path, {});
      if (decision.action === "redirect") {
        expect(result.replacedWith, path).not.toBeNull();
        const target = new URL(result.replacedWith ?? "", "https://h5.example");
        expect(target.pathname, path).toBe(decision.to);
        expect(target.searchParams.get("redirect"), path).toBe(decision.search?.redirect);
        expect(result.boot, path).toBe("leaving");
      } else {
        expect(result.replacedWith, path).toBeNull();
      }
    }
  });

  it("leaves a signed-out visitor on an address that is no page (the not-found screen)", () => {
    for (const path of ["/no/such/page", "/homex", "/trade/x", "/nope?redirect=/home"]) {
      expect(boot(path, {}), path).toMatchObject({ replacedWith: null, boot: "page" });
    }
    expect(boot("/Trade/", {}).replacedWith).toBe("/login?redirect=%2FTrade%2F");
  });

  it("knows every page of the route tree as a page (the domain's appPaths)", () => {
    const tree = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../routeTree.gen.ts"), "utf8");
    const routes = [...tree.matchAll(/^ {2}path: "(\/[a-z]*)",$/gm)].map((match) => match[1]);
    expect(routes.length).toBeGreaterThan(30);
    expect([...routes].sort()).toEqual([...appPaths].sort());
  });

  it("lets a signed-in person stay, with the skeleton of the page asked for", () => {
    const token = { accessToken: "abc" };
    expect(boot("/home", token)).toMatchObject({ replacedWith: null, boot: "home" });
    expect(boot("/", token)).toMatchObject({ replacedWith: null, boot: "home" });
    expect(boot("/videoview?id=1", token)).toMatchObject({ replacedWith: null, boot: "video" });
    expect(boot("/trade", token)).toMatchObject({ replacedWith: null, boot: "page" });
    expect(boot("/login", {})).toMatchObject({ replacedWith: null, boot: "login" });
  });

  it("sets the page's language, preloads that language's catalog and links its manifest", () => {
    // (The first two links; on /game, which preloads nothing of its own here, the whole list.)
    expect(boot("/login", { language: "enUS" }).links.slice(0, 2)).toEqual([
      { rel: "modulepreload", href: catalogs.enUS },
      { rel: "manifest", href: manifests.enUS },
    ]);
    expect(boot("/game", { language: "enUS", accessToken: "abc" })).toMatchObject({
      lang: "en-US",
      links: [
        { rel: "modulepreload", href: catalogs.enUS },
        { rel: "manifest", href: manifests.enUS },
      ],
    });
    const others: Record<string, string>[] = [{}, { language: "zhCN" }, { language: "fr" }];
    for (const stored of others) {
      expect(boot("/game", { ...stored, accessToken: "abc" })).toMatchObject({
        lang: "zh-CN",
        links: [
          { rel: "modulepreload", href: catalogs.zhCN },
          { rel: "manifest", href: manifests.zhCN },
        ],
      });
    }
  });

  it("follows the browser's language until one is stored, as the app's i18n does", () => {
    const cases: [Record<string, string>, string[], string][] = [
      [{}, ["en-US", "zh-CN"], "en-US"],
      [{}, ["fr"], "en-US"],
      [{}, ["zh-TW", "en"], "zh-CN"],
      [{}, [], "zh-CN"],
      [{ language: "zhCN" }, ["en-US"], "zh-CN"],
      [{ language: "enUS" }, ["zh-CN"], "en-US"],
      [{ language: "fr" }, ["en-GB"], "en-US"],
    ];
    for (const [stored, languages, lang] of cases) {
      const result = boot("/login", stored, languages);
      expect(result.lang, JSON.stringify([stored, languages])).toBe(lang);
      expect(result.links[0]?.href).toBe(lang === "en-US" ? catalogs.enUS : catalogs.zhCN);
      expect(
        localeOf[
          storedLanguage({ getItem: (key) => stored[key] ?? null, setItem: () => undefined }, languages)
        ],
      ).toBe(lang);
    }
  });

  it("works where storage throws (blocked storage): signed out, default language", () => {
    const result = boot(
      "/home",
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("blocked");
          },
        },
      ),
    );
    expect(result.lang).toBe("zh-CN");
    expect(result.replacedWith).toMatch(/^\/login\?redirect=/);
  });
});

describe("the boot script's preloads", () => {
  it("start a page's own chunks, styles and words (the player's library on /videoview)", () => {
    const token = { accessToken: "abc" };
    const preloaded = (path: string) => boot(path, token).links.slice(2);
    expect(preloaded("/home")).toEqual([
      { rel: "modulepreload", href: "/assets/home-1.js" },
      // With `crossorigin`, as Vite links the style: one request, not two.
      { rel: "preload", as: "style", crossOrigin: "", href: "/assets/home-1.css" },
    ]);
    expect(preloaded("/")).toEqual(preloaded("/home"));
    expect(preloaded("/videoview?id=3").map((link) => link.href)).toEqual(preloads["/videoview"]);
    // Any other page: its screen's files, its catalog in the page's language.
    const money = ["/assets/money-screens-1.js", "/assets/late-catalogs-1.js"];
    expect(preloaded("/trade").map((link) => link.href)).toEqual([...money, "/assets/money-zh.js"]);
    expect(preloaded("/withdraw?card=1").map((link) => link.href)).toEqual([...money, "/assets/money-zh.js"]);
    const english = boot("/trade", { ...token, language: "enUS" }).links.slice(2);
    expect(english.map((link) => link.href)).toEqual([...money, "/assets/money-en.js"]);
    expect(preloaded("/d/12/more").map((link) => link.href)).toEqual(["/assets/channel-1.js"]);
    expect(preloaded("/nowhere")).toEqual([]);
    // Signed out on /home: on the way to /login, nothing of /home; signed in on /login: on the way
    // to /, nothing of /login.
    expect(boot("/home", {}).links.slice(2)).toEqual([]);
    expect(boot("/login", token).links.slice(2)).toEqual([]);
    expect(boot("/login", {}).links.slice(2)).toEqual([{ rel: "modulepreload", href: "/assets/login-1.js" }]);
  });

  it("add a long list a few links a task (no long task of their own)", () => {
    const files = Array.from({ length: 19 }, (_, index) => `/assets/chunk-${String(index)}.js`);
    const page = boot("/trade", { accessToken: "abc" }, ["zh-CN"], false, null, { "/trade": files });
    expect(page.links.slice(2).map((link) => link.href)).toEqual(files.slice(0, 8));
    page.runTimers();
    page.runTimers();
    expect(page.links.slice(2).map((link) => link.href)).toEqual(files);
  });

  it("leaves the player's library out where the browser plays HLS itself (decision 0035)", () => {
    const links = boot("/videoview?id=3", { accessToken: "abc" }, ["zh-CN"], true).links.slice(2);
    expect(links.map((link) => link.href)).toEqual(["/assets/videoview-1.js"]);
    expect(links.length).toBeGreaterThan(0);
  });

  it("wait for the page's own video to show its first picture, or for a while (decision 0036)", () => {
    const token = { accessToken: "abc" };
    const video = { readyState: 0 } as { readyState: number; fire?: () => void };
    const shown = boot("/videoview?id=3", token, ["zh-CN"], true, video);
    expect(shown.links.slice(2)).toEqual([]);
    video.fire?.();
    expect(shown.links.slice(2).map((link) => link.href)).toEqual(["/assets/videoview-1.js"]);
    // Its timer, cleared, adds nothing more.
    shown.runTimers();
    expect(shown.links.slice(2)).toHaveLength(1);

    const slow = boot("/videoview?id=3", token, ["zh-CN"], true, { readyState: 0 });
    expect(slow.links.slice(2)).toEqual([]);
    slow.runTimers();
    expect(slow.links.slice(2).map((link) => link.href)).toEqual(["/assets/videoview-1.js"]);

    // No page video, or a browser that skips its source: nothing to wait for.
    expect(boot("/videoview?id=3", token, ["zh-CN"], true).links.slice(2)).toHaveLength(1);
    expect(boot("/videoview?id=3", token, ["zh-CN"], false, { readyState: 0 }).links.slice(2)).toHaveLength(
      2,
    );
  });
});

describe("the skeletons", () => {
  it("carry no words and are hidden from assistive technology", () => {
    const text = skeletonHtml.replace(/<[^>]*>/g, "");
    expect(text.trim()).toBe("");
    expect(skeletonHtml).toMatch(/^<div class="h5-boot" aria-hidden="true">/);
  });
});
