import { Language, StorageKey, defaultLanguage, languages } from "@platform/domain";

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

/** The stored language (`language` key), or zhCN when none or an unknown value is stored. */
export function storedLanguage(store: LanguageStore | null = browserStore()): Language {
  const value = store?.getItem(StorageKey.language);
  return (languages as readonly string[]).includes(value ?? "") ? (value as Language) : defaultLanguage;
}

export function saveLanguage(language: Language, store: LanguageStore | null = browserStore()): void {
  try {
    store?.setItem(StorageKey.language, language);
  } catch {
    // A full or blocked storage keeps the choice for this page only.
  }
}
