import type { Video } from "@platform/api-client";
import { EmptyState, VideoRowList } from "@platform/ui";
import type { VideoRowListProps } from "@platform/ui";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PagedList } from "../../components/PagedList";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { videosOfPages } from "../videos/queries";

interface Page {
  readonly records: readonly Video[];
}

/**
 * A library list of single-row video cards over an infinite query: skeleton rows while the first
 * page loads, the error with a retry, the empty text, then the rows with the next page loading near
 * the bottom (spec §4 paging). A tap opens the video unless the rows are in select mode.
 */
export function LibraryList({
  query,
  label,
  empty,
  rows = {},
}: {
  readonly query: UseInfiniteQueryResult<InfiniteData<Page>>;
  readonly label: string;
  /** Said when there is nothing (the list's own words). */
  readonly empty: ReactNode;
  readonly rows?: Omit<VideoRowListProps, "videos" | "onOpen" | "label">;
}) {
  const navigate = useNavigate();
  const errorText = useErrorText();
  const open = (id: string) => {
    void navigate({ to: "/videoview", search: { id } });
  };
  if (query.data === undefined) {
    return query.isError ? (
      <RetryState message={errorText(query.error)} onRetry={() => void query.refetch()} />
    ) : (
      <VideoRowList videos={[]} onOpen={open} loading label={label} />
    );
  }
  const videos = videosOfPages(query.data);
  if (videos.length === 0) return <EmptyState picture="empty" description={empty} />;
  return (
    <PagedList query={query}>
      <VideoRowList videos={videos} onOpen={open} label={label} {...rows} />
    </PagedList>
  );
}
