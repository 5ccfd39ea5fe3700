import type { InfiniteData } from "@tanstack/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../app/useApi";
import { searchKeys, withFollowState } from "./queries";
import type { MemberSearchPage } from "./queries";

// What the search screens change on the server. Apart from queries.ts, whose read options the
// routes' loaders import (and so every page's first load carries).

export interface MemberFollow {
  readonly userId: string;
  readonly follow: boolean;
}

/**
 * Following or unfollowing a member as the signed-in person (`viewerId`): the row changes when
 * the server has answered (spec §4 follow state), in every member search kept.
 */
export function useFollowMemberMutation(viewerId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: MemberFollow) => {
      const body = { followUserId: userId, userId: viewerId };
      return follow ? api.contacts.follow(body) : api.contacts.unfollow(body);
    },
    onSuccess: (state, { userId }) => {
      queryClient.setQueriesData<InfiniteData<MemberSearchPage>>(
        { queryKey: searchKeys.memberLists() },
        (data) => withFollowState(data, userId, state),
      );
    },
  });
}
