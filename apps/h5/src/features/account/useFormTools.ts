import { useMessageText, useToast } from "@platform/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useApi } from "../../app/useApi";

/**
 * What each of the account's forms works with: the server's message texts in the reader's
 * language, toasts, navigation, the query cache (to refresh what a change touched) and the API.
 * (Each form takes lingui's `t` itself: the macro reads it where `useLingui` is called.)
 */
export function useFormTools() {
  return {
    text: useMessageText(),
    toast: useToast(),
    navigate: useNavigate(),
    queryClient: useQueryClient(),
    api: useApi(),
  };
}
