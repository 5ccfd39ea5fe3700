import { setupI18n } from "@lingui/core";
import type { I18n, Messages } from "@lingui/core";
import type { Language, Message, ServerMessageKey } from "@platform/domain";
import { localeOf, saveLanguage } from "./locale";
import type { LanguageStore, Locale } from "./locale";

/** Each catalog is its own chunk: only the active language is downloaded. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  "zh-CN": () => import("./locales/zh-CN/messages"),
  "en-US": () => import("./locales/en-US/messages"),
};

/**
 * Catalogs loaded after the first paint, each only when needed (per language, a chunk of its
 * own): the server's refusal sentences (`serverMessages`), when a refusal is shown; the money
 * screens' words, the library's (membership, purchases, history, favourites) and posting's (the
 * video editor, the owner's works), with those screens. `mark` is an id every copy of the catalog
 * has: once it is in the active catalog, that catalog is loaded.
 */
const lateCatalogs = {
  server: {
    mark: "server.ok" satisfies ServerMessageKey,
    load: {
      "zh-CN": () => import("./locales/zh-CN/server"),
      "en-US": () => import("./locales/en-US/server"),
    },
  },
  money: {
    mark: "money.catalog",
    load: {
      "zh-CN": () => import("./locales/zh-CN/money"),
      "en-US": () => import("./locales/en-US/money"),
    },
  },
  library: {
    mark: "library.catalog",
    load: {
      "zh-CN": () => import("./locales/zh-CN/library"),
      "en-US": () => import("./locales/en-US/library"),
    },
  },
  creation: {
    mark: "creation.catalog",
    load: {
      "zh-CN": () => import("./locales/zh-CN/creation"),
      "en-US": () => import("./locales/en-US/creation"),
    },
  },
  panel: {
    mark: "panel.catalog",
    load: {
      "zh-CN": () => import("./locales/zh-CN/panel"),
      "en-US": () => import("./locales/en-US/panel"),
    },
  },
  account: {
    mark: "account.catalog",
    load: {
      "zh-CN": () => import("./locales/zh-CN/account"),
      "en-US": () => import("./locales/en-US/account"),
    },
  },
} as const satisfies Record<
  string,
  { mark: string; load: Record<Locale, () => Promise<{ messages: Messages }>> }
>;

export type LateCatalog = keyof typeof lateCatalogs;

/** True when the late catalog is in the active language's messages. */
export function hasCatalog(i18n: I18n, name: LateCatalog): boolean {
  return Object.hasOwn(i18n.messages, lateCatalogs[name].mark);
}

/**
 * Add a late catalog of the active language to its messages (once per language; later calls
 * resolve at once). Until the server's is loaded, a refusal shows the server's own `msg`, which
 * the request's `language` header already put in the same language.
 */
export async function loadCatalog(i18n: I18n, name: LateCatalog): Promise<void> {
  const locale = i18n.locale as Locale;
  const load = lateCatalogs[name].load[locale] as (() => Promise<{ messages: Messages }>) | undefined;
  if (load === undefined || hasCatalog(i18n, name)) return;
  const { messages } = await load();
  i18n.load(locale, messages);
}

/** The server's refusal sentences (`loadCatalog(i18n, "server")`). */
export function loadServerMessages(i18n: I18n): Promise<void> {
  return loadCatalog(i18n, "server");
}

/** A lingui instance for the product (nothing active until `activateLanguage`). */
export function createI18n(): I18n {
  return setupI18n();
}

export interface ActivateOptions {
  /** Keep the choice (default: localStorage when there is one). */
  readonly store?: LanguageStore | null;
  /** Whose `<html lang>` to keep in step (default: the page's document, when there is one). */
  readonly document?: Pick<Document, "documentElement"> | null;
}

/**
 * Load a language's catalog (a dynamic import) and switch to it: every `useLingui` consumer
 * re-renders, the choice is stored under `language`, and `<html lang>` follows.
 */
export async function activateLanguage(
  i18n: I18n,
  language: Language,
  options: ActivateOptions = {},
): Promise<void> {
  const locale = localeOf[language];
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  saveLanguage(language, options.store);
  const doc =
    options.document === undefined ? (typeof document === "undefined" ? null : document) : options.document;
  if (doc) doc.documentElement.lang = locale;
}

/** A domain message (a key and its values) in the active language (catalog ids are the keys). */
export function translateMessage(i18n: I18n, message: Message): string {
  return i18n._(message.key, message.values);
}
