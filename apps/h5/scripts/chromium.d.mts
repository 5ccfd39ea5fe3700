// The types of chromium.mjs, for the TypeScript that imports it (e2e/browser.ts).

/** The flags docs/architecture.md lists (Browser), verified on these machines. */
export declare const chromiumFlags: readonly string[];

/** Lets the player start with sound without a tap first. */
export declare const autoplayFlag: string;
