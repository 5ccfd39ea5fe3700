import { useToast } from "@platform/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRefusals } from "../trade/refusals";
import { useApi } from "../../app/useApi";

/** What the live screens' actions use: the API, navigation, the query cache, toasts and refusals. */
export function useLiveTools() {
  const api = useApi();
  return {
    api,
    navigate: useNavigate(),
    queryClient: useQueryClient(),
    toast: useToast(),
    refusals: useRefusals(),
  };
}
