import type { PlatformApi } from "@platform/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { creationKeys } from "./queries";
import type { Author } from "./queries";

/**
 * Follow or unfollow the author (spec §4 follow state), the viewer as `userId`; the answer's
 * follow state and fans count replace the header's.
 */
export function useAuthorFollow(
  api: Pick<PlatformApi, "contacts">,
  /** The page's user id (the author query's key). */
  pageUserId: string,
  author: Author | undefined,
  viewerId: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) => {
      if (author === undefined) throw new Error("the author is not loaded");
      const request = { followUserId: author.userId, userId: viewerId };
      return follow ? api.contacts.follow(request) : api.contacts.unfollow(request);
    },
    onSuccess: (state) => {
      queryClient.setQueryData(creationKeys.author(pageUserId), (current) =>
        current === undefined
          ? current
          : { ...current, hasFollow: state.hasFollow, fansCount: state.fansCount },
      );
    },
  });
}
