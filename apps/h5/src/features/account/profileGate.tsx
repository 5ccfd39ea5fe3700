import { Skeleton, SkeletonGroup } from "@platform/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";

/**
 * What a screen that needs the profile shows before it has it: a placeholder of `blocks` shapes of
 * `height` while it loads, the error with 'retry' when it failed. Answers the profile once it is
 * here (`view` null), else the view to show instead.
 */
export function profileGate<T>(
  profile: UseQueryResult<T>,
  title: string,
  errorText: (error: unknown) => string,
  height: number,
  blocks = 1,
): { readonly data: T; readonly view: null } | { readonly data: undefined; readonly view: ReactNode } {
  if (profile.data !== undefined && !profile.isError) return { data: profile.data, view: null };
  if (profile.isError)
    return {
      data: undefined,
      view: (
        <Page title={title}>
          <RetryState message={errorText(profile.error)} onRetry={() => void profile.refetch()} />
        </Page>
      ),
    };
  return {
    data: undefined,
    view: (
      <Page title={title}>
        <div className="h5-account" aria-busy="true">
          <SkeletonGroup>
            {Array.from({ length: blocks }, (_, i) => (
              <Skeleton key={i} height={height} radius={12} />
            ))}
          </SkeletonGroup>
        </div>
      </Page>
    ),
  };
}
