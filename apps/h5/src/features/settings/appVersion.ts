declare global {
  interface ImportMetaEnv {
    /** apps/h5/package.json's version, written in at build time (vite.config.ts `define`). */
    readonly VITE_APP_VERSION?: string;
  }
}

/** The app's version as built (apps/h5/package.json), or null where it was not written in. */
export function appVersion(): string | null {
  const version = import.meta.env.VITE_APP_VERSION;
  return typeof version === "string" && version !== "" ? version : null;
}
