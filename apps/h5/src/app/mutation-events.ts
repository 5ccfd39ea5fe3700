/**
 * What a screen does when a mutation hook's call is answered — its toasts, dialogs, navigation —
 * while the hook (a feature's `queries`) keeps the cache. Each hook runs these at the point of its
 * own steps it documents: unless it says otherwise, after the cache took the answer and before it
 * invalidates what the change made stale. They may be async; the hook waits for them, and the
 * mutation stays pending meanwhile.
 */
export interface MutationEvents<TData = unknown, TVariables = void> {
  readonly onSuccess?: (data: TData, variables: TVariables) => unknown;
  readonly onError?: (error: Error, variables: TVariables) => unknown;
}
