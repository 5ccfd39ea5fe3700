import type { PlatformApi } from "@platform/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "./mutation-events";
import type { MutationEvents } from "./mutation-events";
import { useApi } from "./useApi";

/**
 * A change through the API whose refusals the screen words itself (`on`), after which `readAgain`
 * invalidates what it made stale: the shape of most of the features' small mutation hooks.
 */
export function useApiMutation<TData, TVariables>(
  call: (api: PlatformApi, variables: TVariables) => Promise<TData>,
  on: MutationEvents<TData, TVariables>,
  readAgain: (queryClient: QueryClient) => Promise<unknown>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => call(api, variables),
    onSuccess: (data, variables) => succeeded(on, data, variables, () => readAgain(queryClient)),
    onError: (error, variables) => failed(on, error, variables),
  });
}
