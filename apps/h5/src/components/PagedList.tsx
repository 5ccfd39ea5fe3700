import { InfiniteList } from "@platform/ui";
import type { ReactNode } from "react";
import { useRetryWhenOnline } from "./Offline";
import { useErrorText } from "./useErrorText";

/** What PagedList reads of a React Query infinite query. */
export interface PagedQuery {
  readonly hasNextPage: boolean;
  readonly isFetching: boolean;
  readonly isFetchNextPageError: boolean;
  readonly error: unknown;
  readonly fetchNextPage: () => Promise<unknown>;
}

/**
 * A list of an infinite query's pages: the next page loads within 80 px of the bottom, only while
 * the last page was full and nothing is loading (any fetch counts, so a refresh is never cancelled
 * by a page request); a failed page shows its error and a retry at the end (automatic once online).
 */
export function PagedList({ query, children }: { readonly query: PagedQuery; readonly children: ReactNode }) {
  const errorText = useErrorText();
  const more = () => {
    void query.fetchNextPage();
  };
  // A page that failed offline loads by itself once the network is back.
  useRetryWhenOnline(more, query.isFetchNextPageError);
  return (
    <InfiniteList
      hasMore={query.hasNextPage}
      loading={query.isFetching}
      onLoadMore={more}
      error={query.isFetchNextPageError ? errorText(query.error) : undefined}
      onRetry={more}
    >
      {children}
    </InfiniteList>
  );
}
