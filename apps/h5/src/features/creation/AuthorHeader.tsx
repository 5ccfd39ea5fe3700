import { Trans, useLingui } from "@lingui/react/macro";
import type { Author } from "@platform/api-client";
import { Avatar, Button, Skeleton, SkeletonGroup, formatPlayCount } from "@platform/ui";
import { useId } from "react";

export interface AuthorHeaderProps {
  readonly author: Author;
  /** The viewer's own page: no follow button. */
  readonly isOwner: boolean;
  readonly logoUrl: string;
  readonly followBusy: boolean;
  readonly onToggleFollow: (follow: boolean) => void;
}

/** The background picture, or a quiet gradient when there is none. */
export function AuthorBackground({ url }: { readonly url: string | null }) {
  return (
    <div className="h5-author__background" data-testid="author-background">
      {url === null || url === "" ? null : <img src={url} alt="" />}
    </div>
  );
}

/**
 * The author's header (spec §2 profile): background, avatar (the logo when missing), nickname,
 * fans / follows / likes / videos, introduction, and the follow button on others' pages.
 */
export function AuthorHeader({ author, isOwner, logoUrl, followBusy, onToggleFollow }: AuthorHeaderProps) {
  const { t, i18n } = useLingui();
  const countsId = useId();
  const count = (n: number) => formatPlayCount(n, i18n.locale);
  const counts = [
    { key: "fans", label: t`粉丝`, value: author.fansCount },
    // Its own id: the same Chinese is the follow button ("Follow"), this is a count ("Following").
    { key: "follows", label: t({ id: "creation.followCount", message: "关注" }), value: author.followCount },
    { key: "likes", label: t`获赞`, value: author.likeCount },
    { key: "videos", label: t`作品`, value: author.videoCount },
  ];
  return (
    <section className="h5-author" aria-labelledby={`${countsId}-name`}>
      <AuthorBackground url={author.bgImgFileUrl} />
      <div className="h5-author__card">
        <div className="h5-author__top">
          <span className="h5-author__avatar">
            <Avatar src={author.avatarFileUrl} fallbackSrc={logoUrl} size={72} />
          </span>
          {isOwner ? null : (
            <Button
              size="sm"
              variant={author.hasFollow ? "secondary" : "primary"}
              className="h5-author__follow"
              aria-pressed={author.hasFollow}
              busy={followBusy}
              onClick={() => {
                onToggleFollow(!author.hasFollow);
              }}
            >
              {author.hasFollow ? <Trans>已关注</Trans> : <Trans>关注</Trans>}
            </Button>
          )}
        </div>
        <h1 id={`${countsId}-name`} className="h5-author__name">
          {author.nickName}
        </h1>
        <dl className="h5-author__counts">
          {counts.map((c) => (
            <div key={c.key} className="h5-author__count" data-count={c.key}>
              <dt>{c.label}</dt>
              <dd>{count(c.value)}</dd>
            </div>
          ))}
        </dl>
        <p className="h5-author__intro">
          {author.introduction !== null && author.introduction.trim() !== "" ? (
            author.introduction
          ) : (
            <Trans>这个人很懒，什么都没有写</Trans>
          )}
        </p>
      </div>
    </section>
  );
}

/** The header's shape while the author loads. */
export function AuthorHeaderSkeleton() {
  const { t } = useLingui();
  return (
    <SkeletonGroup className="h5-author" label={t`正在加载作者信息…`}>
      <div className="h5-author__background" />
      <div className="h5-author__card">
        <div className="h5-author__top">
          <Skeleton width={72} height={72} radius="50%" />
        </div>
        <Skeleton width="40%" height={20} />
        <Skeleton lines={2} width="80%" />
      </div>
    </SkeletonGroup>
  );
}
