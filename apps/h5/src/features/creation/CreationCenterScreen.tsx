import { useLingui } from "@lingui/react/macro";
import { ReportTarget, StorageKey, isNotFound, profileControls } from "@platform/domain";
import { EmptyState, ProfileTopBar, VideoGrid, VideoRowList } from "@platform/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { Suspense, lazy, useId, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { Page } from "../../components/Page";
import { videosOfPages } from "../videos/queries";
import { VideoLayout, videoLayoutAtom } from "../videos/state";
import { useReport } from "../report";
import { AuthorHeader, AuthorHeaderSkeleton } from "./AuthorHeader";
import { BackgroundChangePopup } from "./BackgroundChangePopup";
import { BackgroundViewer } from "./BackgroundViewer";
import { useErrorText } from "../../components/useErrorText";
import { pageIdOf } from "../../app/route-search";
import { authorQueryOptions, authorVideosQueryOptions, useFollowAuthorMutation } from "./queries";
import { useBackgroundChange } from "./useBackgroundChange";
import { useHeaderBack } from "../../components/Page";
import "./creation.css";
import { RetryState } from "../../components/RetryState";
import { PagedList } from "../../components/PagedList";
import { loadCatalog } from "@platform/i18n";
import { i18n } from "../../app/i18n";
import { useOwnId } from "../../app/session/own";
import { useApi } from "../../app/useApi";

const DEFAULT_LOGO = "/logo.svg";

/**
 * The owner's works (every status, edit, delete, post): part of the posting chunk, fetched with its
 * words only when a person opens their own page.
 */
const OwnerWorks = lazy(() =>
  Promise.all([import("../posting/screens"), loadCatalog(i18n, "creation").catch(() => undefined)]).then(
    ([screens]) => ({ default: screens.OwnerWorks }),
  ),
);

/**
 * /creationcenter?id={userId}: an author's page. Missing or unknown ids show the not-found state;
 * each author gets a fresh page (state, scroll) by the key.
 */
export function CreationCenterScreen({ userId }: { readonly userId: string | undefined }) {
  const id = pageIdOf(userId);
  return id === null ? <AuthorNotFound /> : <AuthorPage key={id} userId={id} />;
}

function AuthorNotFound() {
  const { t } = useLingui();
  return (
    <Page title={t`创作中心`}>
      <EmptyState
        picture="notFound"
        description={t`找不到这位用户`}
        action={
          <Link to="/home" className="pf-button pf-button--secondary pf-button--sm">
            {t`返回首页`}
          </Link>
        }
      />
    </Page>
  );
}

/**
 * The page of one author (spec §2 profile): the top bar (back, search, Report on others' pages,
 * 'change background' for the owner), the header with the follow button, and their published
 * videos paged on scroll — on one's own page, every video of theirs with its status, edit and
 * delete, and a button to post one (`OwnerWorks`, features/posting).
 */
function AuthorPage({ userId }: { readonly userId: string }) {
  const { t } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const back = useHeaderBack();
  const errorText = useErrorText();
  const layout = useAtomValue(videoLayoutAtom);
  const viewerId = useOwnId();
  const logoUrl = api.client.storage.get(StorageKey.logo) ?? DEFAULT_LOGO;

  const author = useQuery(authorQueryOptions(api, userId));
  const isOwner = author.data?.isSelf ?? profileControls(userId, viewerId).changeBackground;
  // After the author: an id that is no one's asks for no videos; the owner's own list is theirs.
  const list = useInfiniteQuery({
    ...authorVideosQueryOptions(api, userId),
    enabled: author.isSuccess && !isOwner,
  });
  const videos = useMemo(() => videosOfPages(list.data), [list.data]);
  const follow = useFollowAuthorMutation(api, userId, author.data, viewerId);
  const background = useBackgroundChange(api, userId);
  const { report, element: reportSheet } = useReport();
  const [viewing, setViewing] = useState<string | null>(null);
  const worksId = useId();

  if (author.isError && isNotFound(author.error)) return <AuthorNotFound />;

  const List = layout === VideoLayout.rows ? VideoRowList : VideoGrid;
  const listLabel = t`作品列表`;
  const open = (id: string) => {
    void navigate({ to: "/videoview", search: { id } });
  };
  let header: ReactNode;
  let works: ReactNode = null;
  if (author.data !== undefined) {
    header = (
      <AuthorHeader
        author={author.data}
        isOwner={isOwner}
        logoUrl={logoUrl}
        followBusy={follow.isPending}
        onToggleFollow={(next) => {
          follow.mutate(next);
        }}
      />
    );
    if (list.data === undefined && list.isError) {
      works = <RetryState compact message={errorText(list.error)} onRetry={() => void list.refetch()} />;
    } else if (list.data === undefined) {
      works = <List videos={[]} onOpen={open} loading label={listLabel} />;
    } else if (videos.length === 0) {
      works = <EmptyState compact picture="empty" description={t`还没有发布作品`} />;
    } else {
      works = <List videos={videos} onOpen={open} label={listLabel} />;
    }
  } else if (author.isError) {
    header = (
      <div className="h5-creation__failed">
        <RetryState message={errorText(author.error)} onRetry={() => void author.refetch()} />
      </div>
    );
  } else {
    header = <AuthorHeaderSkeleton />;
    works = <List videos={[]} onOpen={open} loading label={listLabel} />;
  }

  const content = (
    <>
      {header}
      {works === null ? null : (
        <section className="h5-creation__works" aria-labelledby={worksId}>
          <h2 id={worksId} className="h5-creation__works-title">
            {t`作品`}
          </h2>
          {works}
        </section>
      )}
    </>
  );

  return (
    <div className="h5-creation">
      <div className="h5-creation__bar">
        <ProfileTopBar
          isOwner={isOwner}
          onBack={back}
          onSearch={() => {
            void navigate({ to: "/search" });
          }}
          onReport={() => {
            report({ type: ReportTarget.USER, id: author.data?.userId ?? userId });
          }}
          backgroundUrl={author.data?.bgImgFileUrl}
          onViewBackground={() => {
            setViewing(author.data?.bgImgFileUrl ?? null);
          }}
          onPickBackground={background.start}
        />
      </div>
      <main id="main" className="h5-creation__main" tabIndex={-1}>
        {isOwner && author.data !== undefined ? (
          <Suspense
            fallback={
              <div className="h5-creation__scroll">
                {header}
                <VideoRowList videos={[]} onOpen={open} loading label={listLabel} />
              </div>
            }
          >
            <OwnerWorks header={header} />
          </Suspense>
        ) : videos.length > 0 ? (
          <PagedList query={list}>{content}</PagedList>
        ) : (
          <div className="h5-creation__scroll">{content}</div>
        )}
      </main>
      {reportSheet}
      <BackgroundViewer
        url={viewing}
        onClose={() => {
          setViewing(null);
        }}
      />
      <BackgroundChangePopup
        state={background.state}
        onCancel={background.cancel}
        onDismiss={background.dismiss}
      />
    </div>
  );
}
