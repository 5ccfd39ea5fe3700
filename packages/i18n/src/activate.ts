import { setupI18n } from "@lingui/core";
import type { I18n, Messages } from "@lingui/core";
import type { Language, Message, ServerMessageKey } from "@platform/domain";
import type { lateCatalogs } from "./late-catalogs";
import { localeOf, saveLanguage } from "./locale";
import type { LanguageStore, Locale } from "./locale";
import { unitValues } from "./unit-values";

/** Each catalog is its own chunk: only the active language is downloaded. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  "zh-CN": () => import("./locales/zh-CN/messages"),
  "en-US": () => import("./locales/en-US/messages"),
};

/** A late catalog's name (late-catalogs.ts). */
export type LateCatalog = keyof typeof lateCatalogs;

/**
 * An id every copy of a late catalog has (the server's first key; the screens' `<name>.catalog`):
 * once it is in the active catalog, that catalog is loaded.
 */
function markOf(name: LateCatalog): string {
  return name === "server" ? ("server.ok" satisfies ServerMessageKey) : `${name}.catalog`;
}

/** True when the late catalog is in the active language's messages. */
export function hasCatalog(i18n: I18n, name: LateCatalog): boolean {
  return Object.hasOwn(i18n.messages, markOf(name));
}

/**
 * Add a late catalog of the active language to its messages (once per language; later calls
 * resolve at once). Until the server's is loaded, a refusal shows the server's own `msg`, which
 * the request's `language` header already put in the same language.
 */
export async function loadCatalog(i18n: I18n, name: LateCatalog): Promise<void> {
  const locale = i18n.locale as Locale;
  if (hasCatalog(i18n, name)) return;
  const { lateCatalogs: loaders } = await import("./late-catalogs");
  const load = loaders[name][locale] as (() => Promise<{ messages: Messages }>) | undefined;
  if (load === undefined) return;
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

/**
 * A domain message (a key and its values) in the active language (catalog ids are the keys); the
 * money units' names ({unitGold}, …, units.ts) are filled in beside the message's own values.
 */
export function translateMessage(i18n: I18n, message: Message): string {
  return i18n._(message.key, { ...unitValues(i18n), ...message.values });
}
