import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useApi } from "../../app/useApi";
import { useFollowMemberMutation } from "./mutations";
import { memberSearchQueryOptions, membersOfPages } from "./queries";

/**
 * The members matching some words, page by page, and following or unfollowing one of them as the
 * signed-in person (`viewerId`): the row changes when the server has answered (spec §4 follow
 * state), in every member search kept, and its button waits meanwhile.
 */
export function useMemberSearch(content: string, viewerId: string) {
  const api = useApi();
  const list = useInfiniteQuery(memberSearchQueryOptions(api, content));
  const members = useMemo(() => membersOfPages(list.data), [list.data]);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useFollowMemberMutation(viewerId);

  const toggleFollow = async (userId: string, follow: boolean) => {
    if (pendingIds.has(userId)) return;
    setPendingIds((ids) => new Set(ids).add(userId));
    try {
      await toggle.mutateAsync({ userId, follow });
    } catch {
      // Shown already (a toast); the row keeps what the server last said.
    } finally {
      setPendingIds((ids) => {
        const next = new Set(ids);
        next.delete(userId);
        return next;
      });
    }
  };

  return { list, members, pendingIds, toggleFollow };
}

export type MemberSearchState = ReturnType<typeof useMemberSearch>;
