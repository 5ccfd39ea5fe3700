import { useToast } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useRefusals } from "../trade/refusals";
import { useApi } from "../../app/useApi";

/** What the live screens' actions use: the API, navigation, toasts and refusals. */
export function useLiveTools() {
  const api = useApi();
  return {
    api,
    navigate: useNavigate(),
    toast: useToast(),
    refusals: useRefusals(),
  };
}
