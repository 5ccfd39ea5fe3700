import { useDeferredValue } from "react";

/** What `settled` reads of a query. */
export interface Settling {
  readonly data: unknown;
  readonly isError: boolean;
}

/**
 * A query has settled when it has data or has failed (a failed part says so itself). Screens that
 * stack parts loading on their own show them once the parts above are settled, so none is pushed
 * down when another arrives (Step 23's layout shifts).
 */
export function settled(...queries: readonly Settling[]): boolean {
  return queries.every((query) => query.data !== undefined || query.isError);
}

/**
 * `settled`, for a screen that shows its content in place of a skeleton once its queries are.
 * A query's answer re-renders its screen at once and in one task (React Query reads its cache
 * through `useSyncExternalStore`, which cannot be interrupted): the render that turns a skeleton
 * into the whole screen would be one long task. Deferred, that render still shows the skeleton,
 * and the screen follows in a render that yields to the browser every few milliseconds (Step 23:
 * no long task on the way to the screen). Already settled at the first render (data in the page
 * or the cache): shown at once.
 */
export function useSettled(...queries: readonly Settling[]): boolean {
  return useDeferredValue(settled(...queries));
}
