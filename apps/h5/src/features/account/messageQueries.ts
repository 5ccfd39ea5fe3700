import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { firstPageParam, limits, nextPageParam } from "@platform/domain";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";

export type MessagePage = ResponseOf<"user.messageList">;
export type MessageSettings = ResponseOf<"user.messageSettings">;

/** Page size of the message list (spec §9: the product's page size). */
export const MESSAGE_PAGE_SIZE = limits.pageSize;

export const messageKeys = {
  list: () => ["user", "messages"] as const,
  settings: () => ["user", "messageSettings"] as const,
};

/** The message centre, newest first, paged by the server's cursor (decision 0016). */
export function messagesQueryOptions(api: PlatformApi) {
  return infiniteQueryOptions({
    queryKey: messageKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.user.messageList({ ...pageParam, size: MESSAGE_PAGE_SIZE }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: (lastPage, allPages) => nextPageParam(lastPage, allPages.length, MESSAGE_PAGE_SIZE),
  });
}

/** Which kinds of message the person receives. */
export function messageSettingsQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: messageKeys.settings(),
    queryFn: ({ signal }) => api.user.messageSettings({}, { signal }),
  });
}

/** Show messages as read in the loaded list at once: those of `ids`, or every one. */
export function showRead(queryClient: QueryClient, ids: ReadonlySet<string> | "all"): void {
  queryClient.setQueryData<InfiniteData<MessagePage>>(messageKeys.list(), (data) =>
    data === undefined
      ? data
      : {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            records: page.records.map((m) =>
              !m.read && (ids === "all" || ids.has(m.id)) ? { ...m, read: true } : m,
            ),
          })),
        },
  );
}
