import { useLingui } from "@lingui/react";
import { errorText } from "../app/error-text";

/** The sentence for a failed call, in the active language (see `errorText`). */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useLingui();
  return (error) => errorText(i18n, error);
}
