import { Trans, useLingui } from "@lingui/react/macro";
import { showsFollowButton } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import type { ReactNode } from "react";
import { Avatar } from "../my/Avatar";
import { Button } from "../primitives/Button";
import { EmptyState } from "../primitives/EmptyState";
import { InfiniteList } from "../primitives/InfiniteList";
import { Skeleton, SkeletonGroup } from "../primitives/Skeleton";
import "./MemberSearchView.css";

type UserId = string | number;

/** A row of the member search (the user-search record, spec §3). */
export interface MemberSearchRecord {
  readonly userId: UserId;
  readonly nickName: string;
  readonly avatarFileUrl?: string | null;
  readonly fansCount: number;
  readonly hasFollow: boolean;
}

export interface MemberSearchViewProps {
  /** The searchName query: matches in nicknames are highlighted. */
  readonly searchName: string;
  readonly results: readonly MemberSearchRecord[];
  /** A page is loading (the first one shows placeholders). */
  readonly loading: boolean;
  /** Another page exists (the last page was full: domain `hasNextPage`). */
  readonly hasMore: boolean;
  /** Scrolled within 80 px of the bottom while another page exists and nothing is loading. */
  readonly onLoadMore: () => void;
  /** Loading the next page failed: shown at the end of the list with a retry. */
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
  /** The signed-in user: no follow button on their own row. */
  readonly viewerId: UserId | null | undefined;
  /** Follow (`follow` true) or unfollow a user; the parent updates `results` afterwards. */
  readonly onToggleFollow: (userId: UserId, follow: boolean) => Promise<void> | void;
  /** Users whose follow call is in flight: their button waits. */
  readonly pendingIds?: ReadonlySet<UserId>;
  /** Open the author's page (/creationCenter). */
  readonly onOpenAuthor: (userId: UserId) => void;
  /** The avatar fallback (the logo from local storage). */
  readonly logoUrl?: string;
}

/** `text` with every case-insensitive occurrence of `keyword` wrapped in <mark>. */
function highlight(text: string, keyword: string): ReactNode {
  const needle = keyword.trim().toLowerCase();
  if (needle === "") return text;
  const haystack = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="pf-member-search__mark">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (parts.length === 0) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/**
 * The member search view (spec §2): users matching searchName, follow/unfollow, paging on scroll.
 * It is its own scroll container: give it a parent with a height.
 */
export function MemberSearchView({
  searchName,
  results,
  loading,
  hasMore,
  onLoadMore,
  error,
  onRetry,
  viewerId,
  onToggleFollow,
  pendingIds,
  onOpenAuthor,
  logoUrl,
}: MemberSearchViewProps) {
  const { t, i18n } = useLingui();

  if (results.length === 0 && loading) {
    return (
      <SkeletonGroup className="pf-member-search pf-member-search--loading" label={t`正在搜索用户…`}>
        {[0, 1, 2, 3, 4].map((n) => (
          <div key={n} className="pf-member-search__skeleton">
            <Skeleton width={48} height={48} radius="50%" />
            <Skeleton lines={2} width="55%" />
          </div>
        ))}
      </SkeletonGroup>
    );
  }
  if (results.length === 0 && error != null) {
    return (
      <EmptyState
        picture="error"
        description={error}
        action={
          onRetry === undefined ? undefined : (
            <Button variant="secondary" onClick={onRetry}>
              <Trans>重试</Trans>
            </Button>
          )
        }
      />
    );
  }
  if (results.length === 0) {
    return <EmptyState description={i18n._(productMessages.noMembersFound)} />;
  }

  return (
    <InfiniteList
      as="ul"
      className="pf-member-search"
      label={t`用户`}
      hasMore={hasMore}
      loading={loading}
      onLoadMore={onLoadMore}
      error={error}
      onRetry={onRetry}
    >
      {results.map((member) => {
        const fans = member.fansCount;
        const pending = pendingIds?.has(member.userId) === true;
        return (
          <li key={String(member.userId)} className="pf-member-search__row">
            <button
              type="button"
              className="pf-member-search__open"
              onClick={() => {
                onOpenAuthor(member.userId);
              }}
            >
              <Avatar src={member.avatarFileUrl} fallbackSrc={logoUrl} size={48} />
              <span className="pf-member-search__who">
                <span className="pf-member-search__name">{highlight(member.nickName, searchName)}</span>
                <span className="pf-member-search__fans">
                  <Trans>粉丝 {fans}</Trans>
                </span>
              </span>
            </button>
            {showsFollowButton(member.userId, viewerId) ? (
              <Button
                size="sm"
                variant={member.hasFollow ? "secondary" : "primary"}
                className="pf-member-search__follow"
                aria-pressed={member.hasFollow}
                busy={pending}
                onClick={() => {
                  void onToggleFollow(member.userId, !member.hasFollow);
                }}
              >
                {member.hasFollow ? <Trans>已关注</Trans> : <Trans>关注</Trans>}
              </Button>
            ) : null}
          </li>
        );
      })}
    </InfiniteList>
  );
}
