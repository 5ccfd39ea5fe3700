import { isApiError } from "@platform/api-client";
import { MessageKey } from "@platform/domain";
import { useMessageText } from "@platform/ui";

/** The sentence for a failed call: the server's text, else the product's own. */
export function useErrorText(): (error: unknown) => string {
  const text = useMessageText();
  return (error) => (isApiError(error) ? error.msg || text(error.messageKey) : text(MessageKey.errorSystem));
}
