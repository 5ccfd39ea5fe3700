import { StorageKey } from "@platform/domain";
import { MemberSearchView } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useErrorText } from "../../components/useErrorText";
import { useMemberSearch } from "./useMemberSearch";
import { useApi } from "../../app/useApi";

const DEFAULT_LOGO = "/logo.svg";

/**
 * Members matching the words (MemberSearchView: avatar, nickname marked, fans, follow or followed,
 * none on one's own row, its own loading, empty and error states), paging on scroll; a row opens
 * the person's page, /creationcenter?id={userId}.
 */
export function MemberResults({
  keyword,
  viewerId,
}: {
  readonly keyword: string;
  readonly viewerId: string;
}) {
  const errorText = useErrorText();
  const navigate = useNavigate();
  const api = useApi();
  const { list, members, pendingIds, toggleFollow } = useMemberSearch(keyword, viewerId);
  const firstPage = list.data === undefined;
  // A failed first page shows in place of the list, a failed later one at its end.
  const failed = firstPage ? list.isError : list.isFetchNextPageError;
  const retry = () => {
    void (firstPage ? list.refetch() : list.fetchNextPage());
  };
  return (
    <MemberSearchView
      key={keyword}
      searchName={keyword}
      results={members}
      loading={list.isFetching}
      hasMore={list.hasNextPage}
      onLoadMore={() => {
        void list.fetchNextPage();
      }}
      error={failed ? errorText(list.error) : undefined}
      onRetry={retry}
      viewerId={viewerId}
      pendingIds={pendingIds}
      onToggleFollow={(userId, follow) => toggleFollow(String(userId), follow)}
      onOpenAuthor={(userId) => {
        void navigate({ to: "/creationcenter", search: { id: String(userId) } });
      }}
      logoUrl={api.client.storage.get(StorageKey.logo) ?? DEFAULT_LOGO}
    />
  );
}
