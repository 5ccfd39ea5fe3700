import { useToast } from "@platform/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useRefusals } from "../trade/refusals";

/** What the live screens' actions use: the API, navigation, the query cache, toasts and refusals. */
export function useLiveTools() {
  const { api } = useRouter().options.context;
  return {
    api,
    navigate: useNavigate(),
    queryClient: useQueryClient(),
    toast: useToast(),
    refusals: useRefusals(),
  };
}
