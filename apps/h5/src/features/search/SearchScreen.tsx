import { useLingui } from "@lingui/react/macro";
import { Tabs, tabId } from "@platform/ui";
import { getRouteApi } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useSearchHistory } from "./history";
import { MemberResults } from "./MemberResults";
import { SearchHeader } from "./SearchHeader";
import { SearchTab, searchOfQuery, tabOfSearch, wordsOf } from "./search";
import { SearchStart } from "./SearchStart";
import { VideoResults } from "./VideoResults";
import "./search.css";
import { useOwnId } from "../../app/session/own";

const route = getRouteApi("/search");

/**
 * /search: the search box; before a search, the history and the hot tags; after one, videos and
 * members in two tabs. The words and the tab live in the URL (back, forward and reload keep the
 * results); each search is a new history entry, a tab change replaces it.
 */
export function SearchScreen() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const words = search.q ?? "";
  const tab = tabOfSearch(search);
  const viewerId = useOwnId();
  const history = useSearchHistory(viewerId);
  const baseId = useId();
  const panelId = `${baseId}-panel`;

  // The box shows the words searched, and follows them when back or forward changes the URL.
  const [text, setText] = useState(words);
  const [shownWords, setShownWords] = useState(words);
  if (shownWords !== words) {
    setShownWords(words);
    setText(words);
  }

  const runSearch = (typed: string) => {
    const next = wordsOf(typed);
    setText(next);
    if (next === "") return;
    history.add(next);
    if (next !== words) void navigate({ search: searchOfQuery(next, tab) });
  };

  const clear = () => {
    setText("");
    // An emptied box goes back to the history and hot tags (back returns to the results).
    if (words !== "") void navigate({ search: {} });
  };

  const chooseTab = (next: SearchTab) => {
    if (next !== tab) void navigate({ search: searchOfQuery(words, next), replace: true });
  };

  const tabs = [
    { key: SearchTab.video, label: t`视频` },
    { key: SearchTab.member, label: t`用户` },
  ];

  return (
    <div className="h5-page">
      <SearchHeader
        value={text}
        onChange={setText}
        onSubmit={runSearch}
        onClear={clear}
        autoFocus={words === ""}
      />
      <main id="main" className="h5-main" tabIndex={-1}>
        <div className="h5-search">
          {words === "" ? (
            <SearchStart history={history} onSearch={runSearch} />
          ) : (
            <>
              <Tabs
                items={tabs}
                selected={tab}
                onSelect={chooseTab}
                label={t`搜索结果`}
                idBase={baseId}
                panelId={panelId}
              />
              <div
                id={panelId}
                className="h5-search__panel"
                role="tabpanel"
                aria-labelledby={tabId(baseId, tab)}
              >
                {tab === SearchTab.video ? (
                  <VideoResults keyword={words} label={t`视频搜索结果`} />
                ) : (
                  <MemberResults keyword={words} viewerId={viewerId} />
                )}
              </div>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
