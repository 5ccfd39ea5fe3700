import { fileURLToPath } from "node:url";
import { createApiClient, memoryStorage } from "@platform/api-client";
import { SmsCodeType, StorageKey } from "@platform/domain";
import type { PlatformApi } from "@platform/api-client";
import { chromium } from "playwright-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { autoplayFlag, chromiumFlags } from "../scripts/chromium.mjs";

/**
 * Debian's Chromium headless shell (scripts/apt-packages.txt; `npx playwright install` cannot work
 * here): the same engine, version and codecs as `/usr/bin/chromium` without the full browser around
 * it — what Playwright itself runs headless tests in. Measured on six journey files: 127 → 75
 * CPU-seconds of Chromium, every test passing in both. The perf scripts keep the full browser.
 */
export const chromiumPath = "/usr/bin/chromium-headless-shell";

/**
 * The flags every Chromium here starts with (scripts/chromium.mjs); journeys open pages by URL (no
 * tap before them), so the player may also start with sound as it does after a person's tap.
 */
const flags = [...chromiumFlags, autoplayFlag];

export interface E2eBrowser {
  readonly browser: Browser;
  close(): Promise<void>;
}

/**
 * Chromium with a fresh profile (playwright makes a temporary one per launch and removes it);
 * `extraFlags` for one journey's needs (e.g. a fake camera).
 */
export async function launchBrowser(extraFlags: readonly string[] = []): Promise<E2eBrowser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...flags, ...extraFlags] });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

export interface Phone {
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * A journey file's Chromium: started before its tests and closed after them. `phone()` opens a
 * phone in it; every phone a test opened is closed when the test ends, passed or failed.
 */
export function e2eBrowser(extraFlags: readonly string[] = []): {
  phone: (origin?: string, serviceWorkers?: "allow" | "block", locale?: string) => Promise<Phone>;
} {
  let e2e: E2eBrowser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    e2e = await launchBrowser(extraFlags);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await e2e?.close();
  });
  return {
    phone: async (origin?: string, serviceWorkers?: "allow" | "block", locale?: string) => {
      if (e2e === undefined) throw new Error("Chromium did not start");
      const opened = await phone(e2e.browser, origin, serviceWorkers, locale);
      open.push(opened.context);
      return opened;
    },
  };
}

/**
 * A phone: 390 × 844 at one device pixel per CSS pixel, touch, reduced motion, a browser preferring
 * zh-CN (the default language; `locale` sets `navigator.languages`), its own storage (of `origin`'s
 * app), no service worker unless asked.
 */
export async function phone(
  browser: Browser,
  origin: string = inject("origin"),
  serviceWorkers: "allow" | "block" = "block",
  locale = "zh-CN",
): Promise<Phone> {
  const context = await browser.newContext({
    baseURL: origin,
    // The journeys are first visits; a worker would precache the app in every context (and take
    // requests out of `page.route`'s reach). pwa.e2e.ts allows it.
    serviceWorkers,
    viewport: { width: 390, height: 844 },
    // One device pixel per CSS pixel, and motion reduced (the app stills its skeletons and spinners,
    // as for a person who asks it to): what the journeys check is laid out in CSS pixels, and a
    // doubled density made Chromium paint four times the pixels of every frame.
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
    isMobile: true,
    hasTouch: true,
    locale,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
  });
  const page = await context.newPage();
  // What went wrong in the page shows in the test output.
  page.on("pageerror", (error) => {
    console.error(`[page error] ${error.message}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") console.error(`[console] ${message.text()}`);
  });
  return { context, page };
}

/** A Node client of the same server (to read sandbox SMS codes, make users, revoke sessions). */
export function nodeApi(server: "main" | "specSms" = "main"): PlatformApi {
  const client = inject(server === "main" ? "client" : "specSmsClient");
  return createApiClient({
    ...client,
    baseUrl: inject(server === "main" ? "origin" : "specSmsOrigin"),
    storage: memoryStorage(),
    minimumResponseMs: 0,
  });
}

/** The last SMS the sandbox "sent" to a phone (its code and what it was for), or null for none. */
export async function lastSms(mobile: string): Promise<{ code: string; purpose: string } | null> {
  const response = await fetch(`${inject("origin")}/api/sandbox/sms/last?mobile=${mobile}`);
  const body = (await response.json()) as { data: { code: string; purpose: string } | null };
  return body.data;
}

/**
 * The newest sandbox SMS code of a purpose to this phone, once it has come; with `after`, once a
 * code other than that one (already used) has come — the send a tap starts reaches the server only
 * after its request does, and the code before it is still the phone's last until then.
 */
export async function codeOf(mobile: string, purpose: string, after?: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const sms = await lastSms(mobile);
        code = sms?.purpose === purpose && sms.code !== after ? sms.code : "";
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return code;
}

/** The last code the SMS sandbox "sent" to a phone. */
export async function lastSmsCode(mobile: string): Promise<string> {
  const sent = await lastSms(mobile);
  if (sent === null) throw new Error(`no SMS code was sent to ${mobile}`);
  return sent.code;
}

let phoneCounter = 0;
/** A phone number nobody has registered yet in this run (139 + time + a counter). */
export function freshMobile(): string {
  phoneCounter += 1;
  return `139${String(Date.now()).slice(-6)}${String(phoneCounter % 100).padStart(2, "0")}`;
}

/** The seeded demo accounts (apps/server seed: `demoAccounts`), all with the same password. */
export const demo = {
  /** Super member (30 days), gold 168.20. */
  vip: { mobile: "13800000001", password: "demo123456" },
  /** Ordinary user, gold 5.00. */
  ordinary: { mobile: "13800000002", password: "demo123456" },
  /** Permanent super member (its sessions are revoked by the panel journey). */
  permanent: { mobile: "13800000003", password: "demo123456" },
  /** The author '光影工作室 Studio' (its password is reset by the session journey). */
  author: { mobile: "13900000001", password: "demo123456" },
} as const;

export interface Account {
  readonly mobile: string;
  readonly password: string;
}

/** The login popup's password mode in the app's two languages (zh: the default; en: `enUS` chosen). */
const passwordLoginWords = {
  zh: { mode: "密码登录", title: "登录", phone: "手机号", password: "密码" },
  en: { mode: "Password login", title: "Login", phone: "Phone number", password: "Password" },
} as const;
export type AppLanguage = keyof typeof passwordLoginWords;

/** In the open login popup: switches to password mode, fills it in and taps 'log in'. */
export async function passwordSignIn(
  page: Page,
  account: Account,
  language: AppLanguage = "zh",
): Promise<void> {
  const words = passwordLoginWords[language];
  const popup = page.getByRole("dialog");
  await popup.getByRole("button", { name: words.mode }).click();
  await expect.poll(() => popup.getByRole("heading", { name: words.title, exact: true }).count()).toBe(1);
  await popup.getByLabel(words.phone).fill(account.mobile);
  await popup.getByLabel(words.password, { exact: true }).fill(account.password);
  // The submit button says what the heading says ('log in').
  await popup.getByRole("button", { name: words.title, exact: true }).click();
}

/** Signs in through the login popup's password mode, as a person would; ends on /home. */
export async function signIn(page: Page, account: Account, language: AppLanguage = "zh"): Promise<void> {
  await page.goto("/login");
  await passwordSignIn(page, account, language);
  await page.waitForURL("**/home");
}

/** Opens the app in `language` from the next page on (zh: the default, nothing to choose; en: `enUS` stored). */
export async function inLanguage(page: Page, language: AppLanguage): Promise<void> {
  if (language === "zh") return;
  await page.addInitScript(() => {
    localStorage.setItem("language", "enUS");
  });
}

/** The main navigation's tab named `name` ('我的' opens the 'my' panel). */
export function myTab(page: Page, name = "我的") {
  return page
    .getByRole("navigation", { name: /主导航|Main navigation/ })
    .getByRole("button", { name, exact: true });
}

/**
 * Signs in from Node and puts the session where the app keeps it (localStorage), without the login
 * screen: for journeys about something else. Returns the Node client, signed in as the same person.
 */
export async function signInQuickly(
  context: BrowserContext,
  account: Account,
  api: PlatformApi = nodeApi(),
): Promise<{ api: PlatformApi; userId: string }> {
  const credentials = await api.loginWithPassword({ phone: account.mobile, password: account.password });
  // What the client keeps (all under the app's storage keys), to put where the app looks for it.
  const entries = Object.values(StorageKey).flatMap((key): [string, string][] => {
    const value = api.client.storage.get(key);
    return value === null ? [] : [[key, value]];
  });
  await context.addInitScript((pairs: [string, string][]) => {
    // Only once per context: a later sign-out or account switch in the page must stick.
    if (sessionStorage.getItem("e2e-session-put") !== null) return;
    sessionStorage.setItem("e2e-session-put", "1");
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
  return { api, userId: credentials.user_info?.id ?? "" };
}

/** A new account registered through the server's own flow (SMS sandbox code): no gold, no membership. */
export async function registerAccount(
  api: PlatformApi = nodeApi(),
  smsCode: (mobile: string) => Promise<string> = lastSmsCode,
): Promise<Account> {
  const mobile = freshMobile();
  const password = "fresh123456";
  await api.sendSmsCode(mobile, SmsCodeType.REGISTER);
  await api.register({ phone: mobile, code: await smsCode(mobile), password });
  return { mobile, password };
}

/** The seeded author '极客实验室 Geek Lab' (demo.vip does not follow it in the seed). */
export const GEEK_LAB = "极客实验室 Geek Lab";

/** Geek Lab's row in a user search, as `api`'s viewer sees it: found as a person would, by searching. */
export async function geekLab(api: PlatformApi) {
  const { records } = await api.search.user({ content: "Geek", current: 1, size: 10 });
  const found = records.find((r) => r.nickName === GEEK_LAB);
  if (found === undefined) throw new Error(`the seed has no '${GEEK_LAB}'`);
  return found;
}

/** Where the journeys' screenshots go (ignored by git): attached to a step's closing note. */
export const screensDir = fileURLToPath(new URL("../.cache/screens/", import.meta.url));

/**
 * A screenshot of the page as a 360 px-wide phone shows it (the narrow phones the journeys check),
 * saved as `<name>.png` under `screensDir`; the viewport goes back to what it was.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 360, height: before?.height ?? 780 });
  const path = `${screensDir}${name}.png`;
  await page.screenshot({ path });
  if (before !== null) await page.setViewportSize(before);
  return path;
}
