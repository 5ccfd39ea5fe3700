/** What the server tells the app before its first call (index.html loads /api/h5/config.js). */
export interface PlatformConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly reqKey: string;
  readonly sandbox: boolean;
}

declare global {
  interface Window {
    __PLATFORM_CONFIG__?: PlatformConfig;
  }
}

export function platformConfig(): PlatformConfig {
  const config = window.__PLATFORM_CONFIG__;
  if (config === undefined) throw new Error("/api/h5/config.js did not load: is the server running?");
  return config;
}
