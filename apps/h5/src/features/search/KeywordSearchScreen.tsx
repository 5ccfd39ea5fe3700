import { useLingui } from "@lingui/react/macro";
import { productMessages } from "@platform/i18n";
import { EmptyState } from "@platform/ui";
import { getRouteApi } from "@tanstack/react-router";
import { Page } from "../../components/Page";
import { wordsOf } from "./search";
import { VideoResults } from "./VideoResults";
import "./search.css";

const route = getRouteApi("/keywordsearch");

/** /keywordsearch?id={keyword}: the videos of one keyword or hot tag, titled with it. */
export function KeywordSearchScreen() {
  const { t, i18n } = useLingui();
  const keyword = wordsOf(route.useSearch().id);
  return (
    <Page title={keyword === "" ? t`搜索结果` : keyword}>
      <div className="h5-search">
        <div className="h5-search__panel">
          {keyword === "" ? (
            <EmptyState description={i18n._(productMessages.noSearchResults)} />
          ) : (
            <VideoResults keyword={keyword} label={t`${keyword} 的视频`} />
          )}
        </div>
      </div>
    </Page>
  );
}
