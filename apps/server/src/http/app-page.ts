import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** What the H5 app reads before its first call (`window.__PLATFORM_CONFIG__`). */
export interface H5Config {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly reqKey: string;
  readonly sandbox: boolean;
}

/** The script that sets it: also served as `/api/h5/config.js` (the dev server's page loads that). */
export function configScript(config: H5Config): string {
  // `<` escaped so no value can close the inline script it is written into.
  return `window.__PLATFORM_CONFIG__=${JSON.stringify(config).replace(/</g, "\\u003c")};`;
}

/** The built app's page as this server serves it, and the CSP hashes of its inline scripts. */
export interface AppPage {
  readonly html: string;
  /** `'sha256-…'` of each inline script, for `script-src` (in document order). */
  readonly scriptHashes: readonly string[];
  /** `'sha256-…'` of each `<style>` element (the first page's styles the build wrote in). */
  readonly styleHashes: readonly string[];
}

const configTag = '<script src="/api/h5/config.js"></script>';
const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const inlineStyle = /<style[^>]*>([\s\S]*?)<\/style>/g;

const sha256 = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
const hashesOf = (html: string, element: RegExp) =>
  [...html.matchAll(element)].map((match) => sha256(match[1] ?? ""));

/**
 * index.html with the config written into it: the page's one render-blocking request
 * (`/api/h5/config.js`, a round trip before the first paint) becomes part of the page. The boot
 * script and the first page's styles the build wrote in (apps/h5 vite.config.ts) stay as they are;
 * all are allowed by their hashes, so neither `script-src` nor `style-src` needs 'unsafe-inline'
 * (decision 0017).
 */
export function renderAppPage(indexHtml: string, config: H5Config): AppPage {
  const html = indexHtml.includes(configTag)
    ? indexHtml.replace(configTag, () => `<script>${configScript(config)}</script>`)
    : indexHtml;
  return { html, scriptHashes: hashesOf(html, inlineScript), styleHashes: hashesOf(html, inlineStyle) };
}

export function loadAppPage(h5Dist: string, config: H5Config): AppPage {
  return renderAppPage(readFileSync(join(h5Dist, "index.html"), "utf8"), config);
}
