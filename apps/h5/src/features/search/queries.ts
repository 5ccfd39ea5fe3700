import type { PlatformApi, RequestOf, ResponseOf, UserSearchRecord, Video } from "@platform/api-client";
import { defaultVideoListFilters, firstPageParam, limits, nextPageParam } from "@platform/domain";
import type { PageParam, VideoListFilters } from "@platform/domain";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";

/** The calls of this area (a narrow slice, so tests can hand in a fake). */
export interface SearchApi {
  readonly search: Pick<PlatformApi["search"], "substance" | "user" | "hotTags">;
  readonly contacts: Pick<PlatformApi["contacts"], "follow" | "unfollow">;
}

export type VideoSearchPage = ResponseOf<"search.substance">;
export type MemberSearchPage = ResponseOf<"search.user">;
export type MemberRecord = UserSearchRecord;
export type HotTag = ResponseOf<"search.hotTags">[number];

/** A video search: the words and the list filters (the defaults unless a screen offers more). */
export interface VideoSearchQuery extends VideoListFilters {
  readonly keyword: string;
}

export function videoSearchQuery(keyword: string): VideoSearchQuery {
  return { keyword, ...defaultVideoListFilters };
}

/** Page sizes (spec §9): videos by the common page size, members by the user-search one (both 10). */
export const VIDEO_SEARCH_PAGE_SIZE = limits.pageSize;
export const MEMBER_SEARCH_PAGE_SIZE = limits.userSearchPageSize;
/** The hot tags follow what people watch: a few minutes old is fresh enough. */
const HOT_TAGS_STALE_MS = 5 * 60_000;

export const searchKeys = {
  all: ["search"] as const,
  videoLists: () => [...searchKeys.all, "videos"] as const,
  videoList: (query: VideoSearchQuery) => [...searchKeys.videoLists(), query] as const,
  memberLists: () => [...searchKeys.all, "members"] as const,
  memberList: (content: string) => [...searchKeys.memberLists(), content] as const,
  hotTags: () => [...searchKeys.all, "hotTags"] as const,
};

export function videoSearchRequest(query: VideoSearchQuery, page: PageParam): RequestOf<"search.substance"> {
  return {
    keyword: query.keyword,
    ...page,
    size: VIDEO_SEARCH_PAGE_SIZE,
    price: query.price,
    sort: query.sort,
    duration: query.duration,
    tag: query.tag,
  };
}

/** The page after these: from the last page's cursor, or by number (domain `nextPageParam`). */
function nextPageOf(pageSize: number) {
  return (
    lastPage: { readonly records: readonly unknown[]; readonly cursor?: string | null },
    allPages: readonly unknown[],
  ) => nextPageParam(lastPage, allPages.length, pageSize);
}

/**
 * The pages of a video search. React Query's `signal` goes to the call, so a search nobody
 * watches any more is aborted, and the api-client aborts an earlier first page when a new search
 * starts (`firstPageCancels`). No words, no call: an empty keyword would list every video.
 */
export function videoSearchQueryOptions(api: SearchApi, query: VideoSearchQuery) {
  return infiniteQueryOptions({
    queryKey: searchKeys.videoList(query),
    queryFn: ({ pageParam, signal }) =>
      api.search.substance(videoSearchRequest(query, pageParam), { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextPageOf(VIDEO_SEARCH_PAGE_SIZE),
    enabled: query.keyword !== "",
  });
}

/** The pages of a member search (nickname or member ID). */
export function memberSearchQueryOptions(api: SearchApi, content: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.memberList(content),
    queryFn: ({ pageParam, signal }) =>
      api.search.user({ content, current: pageParam.current, size: MEMBER_SEARCH_PAGE_SIZE }, { signal }),
    // Members are asked for by number (their order is by followers, not a keyset: decision 0016).
    initialPageParam: { current: 1 },
    getNextPageParam: nextPageOf(MEMBER_SEARCH_PAGE_SIZE),
    enabled: content !== "",
  });
}

export function hotTagsQueryOptions(api: SearchApi) {
  return queryOptions({
    queryKey: searchKeys.hotTags(),
    queryFn: ({ signal }) => api.search.hotTags({}, { signal }),
    staleTime: HOT_TAGS_STALE_MS,
  });
}

/** The records of the loaded pages in order, each once (a page may repeat one when the list moved). */
function recordsOfPages<T>(
  data: InfiniteData<{ readonly records: readonly T[] }> | undefined,
  idOf: (record: T) => string,
): T[] {
  if (data === undefined) return [];
  const seen = new Set<string>();
  const records: T[] = [];
  for (const page of data.pages) {
    for (const record of page.records) {
      const id = idOf(record);
      if (seen.has(id)) continue;
      seen.add(id);
      records.push(record);
    }
  }
  return records;
}

export function videosOfPages(data: InfiniteData<VideoSearchPage> | undefined): Video[] {
  return recordsOfPages(data, (video) => video.id);
}

export function membersOfPages(data: InfiniteData<MemberSearchPage> | undefined): MemberRecord[] {
  return recordsOfPages(data, (member) => member.userId);
}

/** The member pages with one person's follow state (and fans count) as the server now has it. */
export function withFollowState(
  data: InfiniteData<MemberSearchPage> | undefined,
  userId: string,
  state: ResponseOf<"contacts.follow">,
): InfiniteData<MemberSearchPage> | undefined {
  if (data === undefined) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map((member) =>
        member.userId === userId
          ? { ...member, hasFollow: state.hasFollow, fansCount: state.fansCount }
          : member,
      ),
    })),
  };
}
