import { setupI18n } from "@lingui/core";
import type { I18n, Messages } from "@lingui/core";
import type { Locale } from "./locale";
import { unitValues } from "./unit-values";
import { messages as enUSMain } from "./locales/en-US/messages";
import { messages as enUSMoney } from "./locales/en-US/money";
import { messages as enUSServer } from "./locales/en-US/server";
import { messages as zhCNMain } from "./locales/zh-CN/messages";
import { messages as zhCNMoney } from "./locales/zh-CN/money";
import { messages as zhCNServer } from "./locales/zh-CN/server";

/**
 * The product's sentences for a process without React or a browser — the server's `msg` of a
 * refusal (decision 0013): the compiled catalogs of both languages, the main one and the money
 * one (whose ids together include every `@platform/domain` message key) and the server's own
 * (`ServerMessageKey` ids), loaded at once, since a server answers in either language at any time. Entry: `@platform/i18n/messages`;
 * it imports neither React nor the browser chunks of the app's entry.
 */
function catalogOf(locale: Locale, ...parts: Messages[]): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts) as Messages });
  return i18n;
}

const catalogs: Readonly<Record<Locale, I18n>> = {
  "zh-CN": catalogOf("zh-CN", zhCNMain, zhCNMoney, zhCNServer),
  "en-US": catalogOf("en-US", enUSMain, enUSMoney, enUSServer),
};

/** Whether the catalogs have a sentence under this id (a domain or a server message key). */
export function hasMessage(id: string): boolean {
  return Object.hasOwn(zhCNMain, id) || Object.hasOwn(zhCNMoney, id) || Object.hasOwn(zhCNServer, id);
}

/**
 * The sentence of a message id in a language, its `{name}` placeholders filled from `values`
 * (plurals and other ICU forms as the catalogs have them) and the money units' names ({unitGold},
 * …, units.ts) beside them. An id no catalog has comes back as is.
 */
export function messageText(
  locale: Locale,
  id: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const i18n = catalogs[locale];
  return i18n._(id, { ...unitValues(i18n), ...values });
}

export type { Locale };
