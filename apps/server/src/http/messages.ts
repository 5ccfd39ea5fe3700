import { MessageKey, ServerMessageKey, limits } from "@platform/domain";
import { messageText } from "@platform/i18n/messages";

/**
 * What the server says in its `msg` (shown by the app as a toast, spec §8), in both languages,
 * picked by the request's `language` header, in the words of `@platform/i18n`'s catalogs. Keys are the domain's message keys where the rule is
 * the domain's, and the server's own (`ServerMessageKey`, also in `@platform/domain`) otherwise;
 * every refusal carries its key as `msgKey` (and its values as `msgValues`) beside the sentence.
 */
export const ServerMessage = ServerMessageKey;
export type ServerMessage = ServerMessageKey;

export type MessageId = ServerMessage | MessageKey;
export type ServerLanguage = "zh_CN" | "en_US";

const serverKeys: ReadonlySet<string> = new Set(Object.values(ServerMessageKey));
const domainKeys: ReadonlySet<string> = new Set(Object.values(MessageKey));

export function isMessageId(value: string): value is MessageId {
  return serverKeys.has(value) || domainKeys.has(value);
}

/**
 * The sentence for a key in the request's language, with `{name}` values filled in. The sentences
 * are `@platform/i18n`'s catalogs, the very ones the app shows (decision 0013): this file holds
 * none of its own.
 */
export function translate(
  language: ServerLanguage,
  key: MessageId,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return messageText(language === "en_US" ? "en-US" : "zh-CN", key, values);
}

export function languageOf(header: unknown): ServerLanguage {
  return header === "en_US" ? "en_US" : "zh_CN";
}

/** Whether a request asks for English (`language: en_US`): names stored in both languages answer in it. */
export function asksForEnglish(request: { readonly headers: Readonly<Record<string, unknown>> }): boolean {
  return languageOf(request.headers.language) === "en_US";
}

/**
 * Values a domain sentence needs that a schema's refusal does not carry (the catalog says
 * "{min}-{max}"; a zod issue carries only the key).
 */
const implicitValues: Readonly<Partial<Record<MessageId, Readonly<Record<string, number>>>>> = {
  [MessageKey.folderNameFormat]: { min: limits.folderNameMinLength, max: limits.folderNameMaxLength },
};

/** The envelope of a refusal in the language the request asked for. */
export interface Refusal {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  /** The stable key of the sentence (the app shows its own catalog's text for keys it knows). */
  readonly msgKey: MessageId;
  /** The values the sentence is filled with, when it has any. */
  readonly msgValues?: Readonly<Record<string, string | number>>;
}

/** The envelope of a refusal, `{code, msg, data, msgKey, msgValues}`, in the request's language. */
export function refusal(
  request: { readonly headers: Readonly<Record<string, unknown>> },
  code: number,
  key: MessageId,
  values: Readonly<Record<string, string | number>> = {},
  data: unknown = null,
): Refusal {
  const all = { ...implicitValues[key], ...values };
  const msg = translate(languageOf(request.headers.language), key, all);
  return Object.keys(all).length === 0
    ? { code, msg, data, msgKey: key }
    : { code, msg, data, msgKey: key, msgValues: all };
}
