import { useLingui } from "@lingui/react/macro";
import { defaultVideoListFilters } from "@platform/domain";
import type { VideoListFilters } from "@platform/domain";
import { Button, Tabs, tabId } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useId, useState } from "react";
import { Page, SearchButton } from "../../components/Page";
import { FilterPanel, FilterToggle, TagChips } from "./FilterControls";
import { classificationsQueryOptions, homeVideoQuery } from "./queries";
import { filtersOfSearch, panelFiltersChanged, searchOfFilters } from "./search";
import type { HomeFilters } from "./search";
import { LayoutToggle } from "../videos/LayoutToggle";
import { usePullToRefresh } from "../videos/usePullToRefresh";
import { useVideoList } from "../videos/useVideoList";
import { RefreshButton, VideoFeed } from "../videos/VideoFeed";
import "./home.css";
import { useApi } from "../../app/useApi";

const route = getRouteApi("/home");
/** The key of the classification tab of the whole catalogue. */
const ALL = "all";

/**
 * /home: the classifications as tabs, the tags as chips, the filter panel (price, sort, duration),
 * the layout toggle and the video list. Every choice lives in the URL (reload and back keep it);
 * a change starts the list over at page 1.
 */
export function HomeScreen() {
  const { t } = useLingui();
  const api = useApi();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filters = filtersOfSearch(search);
  const baseId = useId();
  const panelId = `${baseId}-filters`;
  const listId = `${baseId}-list`;
  const [panelOpen, setPanelOpen] = useState(false);

  const classifications = useQuery(classificationsQueryOptions(api));
  const state = useVideoList(homeVideoQuery(filters));
  const pull = usePullToRefresh(state.refreshFirstPage);

  const choose = (next: HomeFilters) => {
    void navigate({ search: searchOfFilters(next), replace: true });
  };
  const chooseFilters = (next: VideoListFilters) => {
    choose({ ...next, classifyId: filters.classifyId });
  };
  const clearFilters = () => {
    chooseFilters(defaultVideoListFilters);
  };
  const changed = panelFiltersChanged(filters);
  const anyFilter = changed > 0 || filters.tag !== null;

  return (
    <Page
      title={t`首页`}
      tabs
      right={
        <>
          <SearchButton />
          <RefreshButton pull={pull} />
        </>
      }
    >
      <div className="h5-feed">
        {/* 'all' first; arrow keys only move along the row, so passing a tab loads nothing. */}
        <Tabs
          items={[
            { key: ALL, label: t`全部` },
            ...(classifications.data ?? []).map((c) => ({ key: c.id, label: c.name })),
          ]}
          selected={filters.classifyId ?? ALL}
          onSelect={(key) => {
            choose({ ...filters, classifyId: key === ALL ? null : key });
          }}
          label={t`分类`}
          idBase={baseId}
          panelId={listId}
          layout="scroll"
          activation="manual"
        />
        <div className="h5-feed__toolbar">
          <TagChips
            tag={filters.tag}
            onChange={(tag) => {
              chooseFilters({ ...filters, tag });
            }}
          />
          <LayoutToggle />
          <FilterToggle
            open={panelOpen}
            panelId={panelId}
            changed={changed}
            onToggle={() => {
              setPanelOpen((open) => !open);
            }}
          />
        </div>
        {panelOpen ? (
          <FilterPanel
            id={panelId}
            filters={filters}
            onChange={chooseFilters}
            onReset={changed > 0 ? clearFilters : undefined}
          />
        ) : null}
        <div
          id={listId}
          className="h5-feed__panel"
          role="tabpanel"
          aria-labelledby={tabId(baseId, filters.classifyId ?? ALL)}
        >
          <VideoFeed
            state={state}
            pull={pull}
            label={t`视频列表`}
            emptyAction={
              anyFilter ? (
                <Button variant="secondary" size="sm" onClick={clearFilters}>
                  {t`清除筛选`}
                </Button>
              ) : undefined
            }
          />
        </div>
      </div>
    </Page>
  );
}
