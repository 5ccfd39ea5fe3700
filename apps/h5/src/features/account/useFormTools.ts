import { useMessageText, useToast } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useApi } from "../../app/useApi";

/**
 * What each of the account's forms works with: the server's message texts in the reader's
 * language, toasts, navigation and the API (what a change touched in the cache is its mutation
 * hook's, features/account/queries). Each form takes lingui's `t` itself: the macro reads it where
 * `useLingui` is called.
 */
export function useFormTools() {
  return {
    text: useMessageText(),
    toast: useToast(),
    navigate: useNavigate(),
    api: useApi(),
  };
}
