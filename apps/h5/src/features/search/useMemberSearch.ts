import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { memberSearchQueryOptions, membersOfPages, searchKeys, withFollowState } from "./queries";
import type { MemberSearchPage } from "./queries";
import type { InfiniteData } from "@tanstack/react-query";
import { useApi } from "../../app/useApi";

/**
 * The members matching some words, page by page, and following or unfollowing one of them as the
 * signed-in person (`viewerId`): the row changes when the server has answered (spec §4 follow
 * state), in every member search kept, and its button waits meanwhile.
 */
export function useMemberSearch(content: string, viewerId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(memberSearchQueryOptions(api, content));
  const members = useMemo(() => membersOfPages(list.data), [list.data]);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = useMutation({
    mutationFn: ({ userId, follow }: { readonly userId: string; readonly follow: boolean }) => {
      const body = { followUserId: userId, userId: viewerId };
      return follow ? api.contacts.follow(body) : api.contacts.unfollow(body);
    },
    onMutate: ({ userId }) => {
      setPendingIds((ids) => new Set(ids).add(userId));
    },
    onSuccess: (state, { userId }) => {
      queryClient.setQueriesData<InfiniteData<MemberSearchPage>>(
        { queryKey: searchKeys.memberLists() },
        (data) => withFollowState(data, userId, state),
      );
    },
    // A failure has been toasted by the api-client; the row keeps what the server last said.
    onSettled: (_state, _error, { userId }) => {
      setPendingIds((ids) => {
        const next = new Set(ids);
        next.delete(userId);
        return next;
      });
    },
  });

  const toggleFollow = async (userId: string, follow: boolean) => {
    if (pendingIds.has(userId)) return;
    try {
      await toggle.mutateAsync({ userId, follow });
    } catch {
      // Shown already (a toast); nothing else to undo.
    }
  };

  return { list, members, pendingIds, toggleFollow };
}

export type MemberSearchState = ReturnType<typeof useMemberSearch>;
