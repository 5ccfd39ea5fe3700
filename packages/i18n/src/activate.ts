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

/** An id every server catalog has: present in the active catalog once the server's is loaded. */
const serverCatalogMark: ServerMessageKey = "server.ok";

/**
 * The server's refusal sentences (`serverMessages`) are a catalog of their own, per language:
 * loaded only when a refusal is shown, so no page's first load carries them.
 */
const serverCatalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  "zh-CN": () => import("./locales/zh-CN/server"),
  "en-US": () => import("./locales/en-US/server"),
};

/**
 * Add the server's refusal sentences of the active language to its catalog (once per language;
 * later calls resolve at once). Until then a refusal shows the server's own `msg`, which the
 * request's `language` header already put in the same language.
 */
export async function loadServerMessages(i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  const load = serverCatalogs[locale] as (typeof serverCatalogs)[Locale] | undefined;
  if (load === undefined || Object.hasOwn(i18n.messages, serverCatalogMark)) return;
  const { messages } = await load();
  i18n.load(locale, messages);
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
