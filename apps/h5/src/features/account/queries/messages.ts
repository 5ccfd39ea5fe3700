import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { firstPageParam, limits, nextPageParam } from "@platform/domain";
import type { MessageKind } from "@platform/domain";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { unreadChanged } from "../../../app/session/queries";
import { useApi } from "../../../app/useApi";

export type MessagePage = ResponseOf<"user.messageList">;
export type MessageSettings = ResponseOf<"user.messageSettings">;

/** Page size of the message list (spec §9: the product's page size). */
export const MESSAGE_PAGE_SIZE = limits.pageSize;

/** The message centre's server state (the unread count is the session's: the panel's badge). */
export const messageKeys = {
  all: ["messages"] as const,
  list: () => [...messageKeys.all, "list"] as const,
  settings: () => [...messageKeys.all, "settings"] as const,
  saveSettings: () => [...messageKeys.all, "saveSettings"] as const,
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
function showRead(queryClient: QueryClient, ids: ReadonlySet<string> | "all"): void {
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

/**
 * Marking one message read: shown read at once; the badge takes the unread count the server
 * answers. Refused, the list is read again (the message is unread there).
 */
export function useMarkReadMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.user.messageRead({ ids: [id] }),
    onMutate: (id) => {
      showRead(queryClient, new Set([id]));
    },
    onSuccess: ({ total }) => unreadChanged(queryClient, total),
    onError: () => queryClient.invalidateQueries({ queryKey: messageKeys.list() }),
  });
}

/** 'Mark all read': every loaded message shows read, and the badge takes the server's count. */
export function useMarkAllReadMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.user.messageRead({ all: true }),
    onSuccess: async ({ total }) => {
      showRead(queryClient, "all");
      await unreadChanged(queryClient, total);
    },
  });
}

/** The settings with one kind turned on or off (kinds the answer lacks are added). */
function withKind(settings: MessageSettings, kind: MessageKind, enabled: boolean): MessageSettings {
  const known = settings.kinds.some((k) => k.kind === kind);
  return {
    kinds: known
      ? settings.kinds.map((k) => (k.kind === kind ? { kind, enabled } : k))
      : [...settings.kinds, { kind, enabled }],
  };
}

export interface MessageSettingChange {
  readonly kind: MessageKind;
  readonly enabled: boolean;
}

/**
 * Turning one kind of message on or off: shown at once, saved at once (quiet: the screen says a
 * refusal once). Refused, only this kind goes back — another switch changed meanwhile keeps its
 * own change — before `on.onError`; the server's answer is the truth once no other change is
 * still on its way.
 */
export function useSaveMessageSettingMutation(
  on: MutationEvents<MessageSettings, MessageSettingChange> = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setKind = (kind: MessageKind, enabled: boolean) => {
    queryClient.setQueryData<MessageSettings>(messageKeys.settings(), (old) =>
      old === undefined ? old : withKind(old, kind, enabled),
    );
  };
  return useMutation({
    mutationKey: messageKeys.saveSettings(),
    mutationFn: (change: MessageSettingChange) => api.user.saveMessageSettings(change, { quiet: true }),
    onMutate: async ({ kind, enabled }) => {
      await queryClient.cancelQueries({ queryKey: messageKeys.settings() });
      setKind(kind, enabled);
    },
    onError: async (error, change) => {
      setKind(change.kind, !change.enabled);
      await failed(on, error, change);
    },
    onSuccess: async (answer, change) => {
      if (queryClient.isMutating({ mutationKey: messageKeys.saveSettings() }) <= 1) {
        queryClient.setQueryData(messageKeys.settings(), answer);
      }
      await succeeded(on, answer, change);
    },
  });
}
