import { useLingui } from "@lingui/react";
import { translateMessage } from "@platform/i18n";
import type { Message, MessageKey } from "@platform/domain";

/**
 * Text for `@platform/domain`'s messages (validation results, status wording…) in the active
 * language. The returned function changes with the language, so memoised text follows a switch.
 */
export function useMessageText(): (message: Message | MessageKey) => string {
  const { i18n } = useLingui();
  return (message) => translateMessage(i18n, typeof message === "string" ? { key: message } : message);
}
