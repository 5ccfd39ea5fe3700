/**
 * A query has settled when it has data or has failed (a failed part says so itself). Screens that
 * stack parts loading on their own show them once the parts above are settled, so none is pushed
 * down when another arrives (Step 23's layout shifts).
 */
export function settled(
  ...queries: readonly { readonly data: unknown; readonly isError: boolean }[]
): boolean {
  return queries.every((query) => query.data !== undefined || query.isError);
}
