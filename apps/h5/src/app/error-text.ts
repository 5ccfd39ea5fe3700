import type { I18n } from "@lingui/core";
import { isApiError } from "@platform/api-client";
import { MessageKey } from "@platform/domain";
import { loadServerMessages, translateMessage, unitValues } from "@platform/i18n";

/**
 * The sentence for a failed call, always in the person's language: the app's own catalog text for
 * the refusal's `msgKey` when the catalog has it (the server's own keys and the domain's, filled
 * with `msgValues` and the money units' names), else the server's `msg` (worded in the language the call sent), else the
 * product's sentence for the kind of failure (network, timeout, system).
 */
export function errorText(i18n: I18n, error: unknown): string {
  if (!isApiError(error)) return translateMessage(i18n, { key: MessageKey.errorSystem });
  const key = error.msgKey;
  if (key !== null && Object.hasOwn(i18n.messages, key))
    return i18n._(key, { ...unitValues(i18n), ...error.msgValues });
  return error.msg || translateMessage(i18n, { key: error.messageKey });
}

/**
 * `errorText` once the server's refusal sentences are in the catalog (they are a chunk of their
 * own, fetched the first time a server's refusal is shown), for the toasts of failed calls.
 */
export async function errorTextLoaded(i18n: I18n, error: unknown): Promise<string> {
  if (isApiError(error) && error.msgKey?.startsWith("server.") === true) {
    try {
      await loadServerMessages(i18n);
    } catch {
      // The chunk did not come (offline): the server's own msg, in the same language, will do.
    }
  }
  return errorText(i18n, error);
}
