/**
 * What a screen does when a mutation hook's call is answered — its toasts, dialogs, navigation —
 * while the hook (a feature's `queries`) keeps the cache. A hook stores what the server answered,
 * then runs `onSuccess`, then invalidates what the change made stale and waits for it to be read
 * again, then runs `onRefreshed` (where to go once the new data is there); a refusal runs `onError`
 * before the hook reads again what the refusal showed to be stale. Each may be async: the hook
 * waits, and the mutation stays pending meanwhile.
 */
export interface MutationEvents<TData = unknown, TVariables = void> {
  readonly onSuccess?: (data: TData, variables: TVariables) => unknown;
  readonly onRefreshed?: (data: TData, variables: TVariables) => unknown;
  readonly onError?: (error: Error, variables: TVariables) => unknown;
}

/** A hook's success after it stored the answer: `onSuccess`, its `refresh`, then `onRefreshed`. */
export async function succeeded<TData, TVariables>(
  on: MutationEvents<TData, TVariables>,
  data: TData,
  variables: TVariables,
  refresh?: () => unknown,
): Promise<void> {
  await on.onSuccess?.(data, variables);
  await refresh?.();
  await on.onRefreshed?.(data, variables);
}

/** A hook's refusal: `onError`, then its `refresh` (what the refusal showed to be stale). */
export async function failed<TVariables>(
  on: MutationEvents<never, TVariables>,
  error: Error,
  variables: TVariables,
  refresh?: () => unknown,
): Promise<void> {
  await on.onError?.(error, variables);
  await refresh?.();
}
