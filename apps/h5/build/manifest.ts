/**
 * The web app manifests, one per language (Step 13): installing from an English page gives the
 * English name. The boot script links the one of the stored language (src/boot/page.ts). Colours
 * are the dark theme's (the default; `theme-color` in index.html); the icons are drawn by
 * build/icons.ts. These two texts are the only words outside the lingui catalogs: a manifest is
 * read by the browser's installer, never by the app (manifest.test.ts keeps both languages whole).
 */
export const manifestLocales = ["zh-CN", "en-US"] as const;
export type ManifestLocale = (typeof manifestLocales)[number];

const words: Record<ManifestLocale, { name: string; short_name: string; description: string }> = {
  "zh-CN": {
    name: "Platform H5 视频",
    short_name: "Platform",
    description: "免费视频、超级会员专享与付费内容，关注作者、评论、收藏与钱包。",
  },
  "en-US": {
    name: "Platform H5 Video",
    short_name: "Platform",
    description:
      "Free, super-member and pay-per-video content: follow authors, comment, keep favourites, run a wallet.",
  },
};

export const icons = [
  { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any", size: 192, maskable: false },
  { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any", size: 512, maskable: false },
  {
    src: "/icon-maskable-512.png",
    sizes: "512x512",
    type: "image/png",
    purpose: "maskable",
    size: 512,
    maskable: true,
  },
] as const;

export const manifestFileName = (locale: ManifestLocale) => `manifest.${locale}.webmanifest`;

export function webManifest(locale: ManifestLocale) {
  return {
    id: "/",
    lang: locale,
    dir: "ltr",
    ...words[locale],
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#111216",
    theme_color: "#111216",
    icons: icons.map(({ src, sizes, type, purpose }) => ({ src, sizes, type, purpose })),
  };
}
