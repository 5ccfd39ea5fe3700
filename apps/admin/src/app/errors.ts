import { useLingui } from "@lingui/react";
import { isApiError } from "@platform/api-client/admin";
import { words } from "./words";

/**
 * What went wrong, in the operator's language: the server's sentence by its key (the server
 * catalog), its own words otherwise, and the network's failures said plainly.
 */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useLingui();
  return (error) => {
    if (!isApiError(error)) return i18n._(words.unknown);
    if (error.kind === "network" || error.kind === "timeout") return i18n._(words.network);
    if (error.kind === "sessionExpired") return i18n._(words.signedOut);
    if (error.msgKey !== null && Object.hasOwn(i18n.messages, error.msgKey))
      return i18n._(error.msgKey, error.msgValues);
    return error.msg || i18n._(words.unknown);
  };
}
