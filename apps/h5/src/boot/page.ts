/**
 * What the built index.html carries before any script runs (Step 13, decision 0017): a boot script
 * and a wordless skeleton of the first screen, so the first paint needs no JavaScript and shows no
 * words (English readers see no Chinese flash; the catalog arrives with the app).
 *
 * The boot script runs in the page's head, before the first paint:
 * - `<html lang>` follows the stored language (`language`: zhCN / enUS, spec §3), else the
 *   browser's (`navigator.languages`: zh-* Chinese, anything else English), and that
 *   language's catalog is preloaded beside the app's scripts, and its web app manifest linked;
 * - a signed-out visitor (no `accessToken`) on a page that needs signing in (not an unknown address,
 *   which shows the not-found screen) goes to
 *   `/login?redirect=<the path it wanted>` at once, as the app's route guard would (spec §2;
 *   `boot.test.ts` runs it against `guardRoute` for many paths);
 * - `data-boot` on `<html>` says which skeleton to show: login, home (also `/`), video, or a page;
 * - on every page, the screen's own chunks and its late catalog in the page's language (and the
 *   player's library on /videoview) are preloaded once the first frame is painted, beside the
 *   entry's scripts (Step 23: a screen no longer waits for the entry to ask for it).
 * The server allows it by its hash (apps/server `app-page.ts`); it is plain ES2017 with no imports.
 */
import { appPaths, isPublicPath } from "@platform/domain";

interface ByLanguage {
  readonly zhCN: string;
  readonly enUS: string;
}

/** How long the screen's preloads wait for the page's own video to show its first picture. */
export const PAGE_VIDEO_FIRST_MS = 4000;

/**
 * Per route (its path as the router declares it; `/d` for the channel pages): the files its screen
 * needs beyond the entry's — a pair is one file per language (zh-CN, en-US), its late catalog.
 */
export type RoutePreloads = Readonly<Record<string, readonly (string | readonly [string, string])[]>>;

/**
 * The preloads as the boot script carries them: each file named once (`files`), each different
 * list once (`lists`: indices into `files`, a language's pair as a pair of indices), each route the
 * index of its list — the routes of one feature share a list, so the table stays small in the page.
 */
export function preloadTable(preloads: RoutePreloads): {
  files: string[];
  lists: (number | [number, number])[][];
  routes: Record<string, number>;
} {
  const files: string[] = [];
  const lists: (number | [number, number])[][] = [];
  const seen = new Map<string, number>();
  const at = (file: string) => {
    const index = files.indexOf(file);
    return index >= 0 ? index : files.push(file) - 1;
  };
  const routes: Record<string, number> = {};
  for (const [route, items] of Object.entries(preloads)) {
    const list = items.map((item) =>
      typeof item === "string" ? at(item) : ([at(item[0]), at(item[1])] satisfies [number, number]),
    );
    const key = JSON.stringify(list);
    if (!seen.has(key)) seen.set(key, lists.push(list) - 1);
    routes[route] = seen.get(key) ?? 0;
  }
  return { files, lists, routes };
}

export function bootScript(
  catalogs: ByLanguage,
  manifests: ByLanguage,
  preloads: RoutePreloads = {},
): string {
  const table = preloadTable(preloads);
  return [
    "(function(){",
    "var d=document.documentElement,l=location,p=l.pathname.toLowerCase().replace(/\\/+$/,'')||'/';",
    "function g(k){try{return localStorage.getItem(k)}catch(e){return null}}",
    // The stored choice, else the browser's first language (the domain's browserLanguage: zh-*
    // Chinese, anything else English, none Chinese).
    "var s=g('language'),n=navigator.languages&&navigator.languages[0]||navigator.language||'';",
    "var e=s==='enUS'||s!=='zhCN'&&n!==''&&!/^zh(-|_|$)/i.test(n);if(e)d.lang='en-US';",
    // The language's catalog starts with the app's scripts, not after them.
    `var c=document.createElement('link');c.rel='modulepreload';c.href=e?${JSON.stringify(catalogs.enUS)}:${JSON.stringify(catalogs.zhCN)};document.head.appendChild(c);`,
    // The web app manifest in the same language (the installed app's name).
    `var m=document.createElement('link');m.rel='manifest';m.href=e?${JSON.stringify(manifests.enUS)}:${JSON.stringify(manifests.zhCN)};document.head.appendChild(m);`,
    // Only a page of the app (the domain's appPaths) asks to sign in, and not the public pages of
    // spec §2 (isPublicPath: /login, /starlive, /d/…, which appPaths leaves out); an address that
    // is no page shows the not-found screen.
    `if(!g('accessToken')&&${JSON.stringify(appPaths.filter((path) => !isPublicPath(path)))}.indexOf(p)>=0){`,
    "d.setAttribute('data-boot','leaving');",
    "l.replace('/login?'+new URLSearchParams({redirect:l.pathname+l.search+l.hash}));return}",
    "d.setAttribute('data-boot',p==='/login'?'login':p==='/home'||p==='/'?'home':p==='/videoview'?'video':'page');",
    // The page's own screen and its words (and, on /videoview, the player's library) start with
    // the entry's scripts instead of after them: one round trip less before the screen, two
    // before a frame. After the first frame is painted: the skeleton's paint waits for nothing.
    // Signed in, /login goes on to / (the route guard): nothing of /login is wanted.
    `var F=${JSON.stringify(table.files)},L=${JSON.stringify(table.lists)},R=${JSON.stringify(table.routes)};`,
    "var k=R[p==='/'?'/home':/^\\/d\\//.test(p)?'/d':p],r=[],q=p==='/login'&&g('accessToken')||k===undefined?[]:L[k];",
    "for(var j=0;j<q.length;j++)r.push(F[typeof q[j]==='number'?q[j]:q[j][e?1:0]]);",
    // Where the browser plays HLS itself, the player needs no library (decision 0035): shaka's
    // 173 KiB would only compete with the video's own first bytes.
    "var v=document.createElement('video'),h=v.canPlayType&&v.canPlayType('application/vnd.apple.mpegurl');if(h)r=r.filter(function(f){return!/shaka-player/.test(f)});",
    // A few links a task: each starts its fetch as it is added, and a screen's thirty at once
    // would be one long task of the page's first second.
    "function a(){var b=r.splice(0,8);for(var i=0;i<b.length;i++){var x=document.createElement('link');",
    // Vite links styles with `crossorigin`: a style preload without it would not be the same
    // request (the browser warns and fetches the file twice).
    "if(/\\.css$/.test(b[i])){x.rel='preload';x.as='style';x.crossOrigin=''}else{x.rel='modulepreload'}",
    "x.href=b[i];document.head.appendChild(x)}if(r.length)setTimeout(a,0)}",
    // The page's own video (decision 0036) first: over HTTP/1.1 Chromium holds a media request
    // back while any script is loading, so the screen's scripts wait for its first picture (or
    // PAGE_VIDEO_FIRST_MS); the app asks for them itself anyway once it runs.
    // The server says so in the head (the page's <meta name=pf-page-video>): the video itself may
    // not be parsed yet when the first frame is painted; its media events are caught on the way down.
    // In a task of their own: the app's first page loads in the same event's microtasks.
    "if(r.length)requestAnimationFrame(function(){setTimeout(function(){",
    "if(!h||!document.querySelector('meta[name=pf-page-video]')){a();return}",
    `var t=setTimeout(a,${String(PAGE_VIDEO_FIRST_MS)});document.addEventListener('loadeddata',function(){clearTimeout(t);setTimeout(a)},{capture:true,once:true})`,
    "})})",
    "})()",
  ].join("");
}

/** 24 × 24 stroke icons of the tab bar and the header (the same paths as `@platform/ui`'s Icon). */
const icon = (path: string) =>
  `<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="${path}"/></svg>`;
const tabIcons = [
  "M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z",
  "M3 17l6-6 4 4 8-8M15 7h6v6",
  "M6 9h12a3 3 0 0 1 3 3v2a3 3 0 0 1-5.2 2L14 14h-4l-1.8 2A3 3 0 0 1 3 14v-2a3 3 0 0 1 3-3z",
  "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  "M4 5h16v11H4zM8 20h8M12 16v4",
  "M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14",
];
const search = "M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM16.5 16.5L21 21";
const back = "M15 5l-7 7 7 7";
const play = "M8 5v14l11-7z";
const refresh = "M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5";

const repeat = (count: number, html: string) => html.repeat(count);
const card =
  '<div class="h5-boot__card"><div class="h5-boot__cover"></div><i></i><i class="h5-boot__short"></i></div>';

/**
 * The skeletons, inside `#app` (React replaces them at its first render). Hidden from assistive
 * technology: the page's real content and its live regions come with the app. Only the one that
 * `data-boot` names is shown (boot.css); without the boot script, none.
 */
export const skeletonHtml = [
  '<div class="h5-boot" aria-hidden="true">',
  // /login: the logo (as the screen shows it), the title and lead, the sign-in sheet.
  '<div class="h5-boot__login">',
  // The logo drawn in the page (public/logo.svg): contentful at the first paint, no request.
  '<svg class="h5-boot__logo" viewBox="0 0 64 64" width="72" height="72"><rect width="64" height="64" rx="14" fill="#ff4f6d"/><path d="M25 19v26l20-13z" fill="#fff"/></svg>',
  '<i class="h5-boot__title"></i><i></i><i class="h5-boot__short"></i>',
  '<div class="h5-boot__sheet"><i class="h5-boot__short"></i>',
  repeat(2, '<i class="h5-boot__field"></i>'),
  '<i class="h5-boot__action"></i></div></div>',
  // /home: the header, the channel tabs, the filter chips, two columns of cards, the tab bar.
  '<div class="h5-boot__home">',
  `<div class="h5-boot__header"><i class="h5-boot__title"></i><span>${icon(search)}${icon(refresh)}</span></div>`,
  `<div class="h5-boot__tabs">${repeat(4, "<i></i>")}</div>`,
  `<div class="h5-boot__chips">${repeat(3, "<i></i>")}</div>`,
  `<div class="h5-boot__grid">${repeat(6, card)}</div>`,
  `<div class="h5-boot__tabbar">${tabIcons.map(icon).join("")}</div></div>`,
  // /videoview: the header, the player's black box, the title and the lines under it.
  `<div class="h5-boot__video"><div class="h5-boot__header"><span class="h5-boot__back">${icon(back)}</span><i class="h5-boot__title"></i></div>`,
  `<div class="h5-boot__player">${icon(play)}</div><i class="h5-boot__title"></i>${repeat(3, "<i></i>")}</div>`,
  // Any other page: its header and a few lines.
  `<div class="h5-boot__page"><div class="h5-boot__header"><span class="h5-boot__back">${icon(back)}</span><i class="h5-boot__title"></i></div>${repeat(3, "<i></i>")}</div>`,
  "</div>",
].join("");
