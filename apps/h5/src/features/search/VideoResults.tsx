import { useLingui } from "@lingui/react/macro";
import { productMessages } from "@platform/i18n";
import { EmptyState, SearchRowList } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useErrorText } from "../../components/useErrorText";
import { useVideoSearch } from "./useVideoSearch";
import { RetryState } from "../../components/RetryState";
import { PagedList } from "../../components/PagedList";

export interface VideoResultsProps {
  /** The words searched (never empty): marked in the titles. */
  readonly keyword: string;
  /** The list's accessible name. */
  readonly label: string;
}

/**
 * The videos matching some words, on /search and /keywordsearch alike: search rows (76 px), each
 * opening /videoview; skeleton rows while the first page loads, 'no search results', a failed
 * first page with a retry, and further pages on scroll (InfiniteList: within 80 px of the bottom,
 * only while the last page was full and nothing loads; a failed page keeps its retry at the end).
 */
export function VideoResults({ keyword, label }: VideoResultsProps) {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const state = useVideoSearch(keyword);
  const { list, videos } = state;

  const open = (id: string) => {
    void navigate({ to: "/videoview", search: { id } });
  };

  if (list.data === undefined && list.isError) {
    return (
      <RetryState
        message={errorText(list.error)}
        onRetry={() => {
          void list.refetch();
        }}
      />
    );
  }
  if (list.data === undefined) {
    return (
      <div className="h5-search__scroll">
        <SearchRowList videos={[]} onOpen={open} loading label={label} />
      </div>
    );
  }
  if (videos.length === 0) {
    return <EmptyState description={i18n._(productMessages.noSearchResults)} />;
  }
  return (
    <PagedList key={state.key} query={list}>
      <SearchRowList videos={videos} onOpen={open} highlight={keyword} label={label} />
    </PagedList>
  );
}
