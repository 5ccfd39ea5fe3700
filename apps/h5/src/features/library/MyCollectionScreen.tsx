import { useLingui } from "@lingui/react/macro";
import { CollectionTab } from "@platform/domain";
import { TabLinks } from "@platform/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { Page } from "../../components/Page";
import { FolderList, VideoCount } from "./FolderList";
import { LibraryList } from "./LibraryList";
import { collectedQueryOptions, foldersQueryOptions } from "./queries";
import "./library.css";
import { useApi } from "../../app/useApi";

const route = getRouteApi("/mycollection");

/**
 * /mycollection?active=ALL|FAVORITES: every collected video (ALL), or the favourites folders, each
 * opening its videos (/collection?id=), and the folders' management (/addmycollection).
 */
export function MyCollectionScreen() {
  const { t } = useLingui();
  const api = useApi();
  const { active } = route.useSearch();
  const all = active === CollectionTab.ALL;
  const collected = useInfiniteQuery({ ...collectedQueryOptions(api, null), enabled: all });
  const folders = useQuery({ ...foldersQueryOptions(api), enabled: !all });
  const tabs = [
    { key: CollectionTab.ALL, label: t`全部` },
    { key: CollectionTab.FAVORITES, label: t`收藏夹` },
  ];
  return (
    <Page title={t`我的收藏`}>
      <div className="h5-library">
        <TabLinks
          items={tabs}
          selected={active}
          label={t`收藏分类`}
          link={({ key, label }, props) => (
            <Link to="/mycollection" search={{ active: key }} replace {...props}>
              {label}
            </Link>
          )}
        />
        {all ? (
          <LibraryList query={collected} label={t`收藏的视频`} empty={t`还没有收藏视频`} />
        ) : (
          <>
            <FolderList
              folders={folders}
              empty={t`还没有收藏夹`}
              row={(folder) => (
                <Link to="/collection" search={{ id: folder.id }}>
                  {folder.name}
                  <small>
                    <VideoCount count={folder.videoCount} />
                  </small>
                </Link>
              )}
            />
            <Link to="/addmycollection" className="pf-button pf-button--secondary pf-button--sm">
              {t`管理收藏夹`}
            </Link>
          </>
        )}
      </div>
    </Page>
  );
}
