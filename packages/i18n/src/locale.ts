import { Language, StorageKey, browserLanguage, languages } from "@platform/domain";

/** BCP 47 locales of the catalogs, by the stored language value (spec §3: zhCN, enUS). */
export const localeOf = {
  [Language.zhCN]: "zh-CN",
  [Language.enUS]: "en-US",
} as const satisfies Record<Language, string>;
export type Locale = (typeof localeOf)[Language];

/** Where the choice is kept: localStorage in browsers; anything with the same two methods elsewhere. */
export interface LanguageStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function browserStore(): LanguageStore | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): the default language then.
    return null;
  }
}

/** The browser's preferred languages (`navigator.languages`), when there is a browser. */
function navigatorLanguages(): readonly string[] | undefined {
  if (typeof navigator === "undefined") return undefined;
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * The language to show: the stored choice (`language` key, made in /mysettings or on the sign-in
 * sheet) when there is one, else the browser's (`browserLanguage`: zh-* Chinese, else English).
 */
export function storedLanguage(
  store: LanguageStore | null = browserStore(),
  preferred: readonly string[] | undefined = navigatorLanguages(),
): Language {
  const value = store?.getItem(StorageKey.language);
  return (languages as readonly string[]).includes(value ?? "")
    ? (value as Language)
    : browserLanguage(preferred);
}

export function saveLanguage(language: Language, store: LanguageStore | null = browserStore()): void {
  try {
    store?.setItem(StorageKey.language, language);
  } catch {
    // A full or blocked storage keeps the choice for this page only.
  }
}
