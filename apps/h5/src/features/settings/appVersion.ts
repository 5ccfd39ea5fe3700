declare global {
  interface ImportMetaEnv {
    /** apps/h5/package.json's version, written in at build time (vite.config.ts `define`). */
    readonly VITE_APP_VERSION?: string;
    /** The short git commit built ("" where git is absent), written in at build time. */
    readonly VITE_APP_COMMIT?: string;
    /** The build's date (YYYY-MM-DD, UTC), written in at build time. */
    readonly VITE_APP_BUILT?: string;
  }
}

const given = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/**
 * The app's version as built: "v0.19.0 (9decfb3, 2026-11-27)" — the version of apps/h5/package.json,
 * then the short commit and the build date when they were written in (each left out cleanly when
 * not: no git on the build machine); null with no version at all.
 */
export function appVersion(env: ImportMetaEnv = import.meta.env): string | null {
  const version = given(env.VITE_APP_VERSION);
  if (version === null) return null;
  const build = [given(env.VITE_APP_COMMIT), given(env.VITE_APP_BUILT)].filter((part) => part !== null);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a build label, the same in every language
  return build.length === 0 ? `v${version}` : `v${version} (${build.join(", ")})`;
}
