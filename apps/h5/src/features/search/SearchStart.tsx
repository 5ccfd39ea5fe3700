import { useLingui } from "@lingui/react/macro";
import { Button, Dialog, Icon, IconButton, Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useErrorText } from "../../components/useErrorText";
import type { SearchHistory } from "./history";
import { hotTagsQueryOptions } from "./queries";
import { useApi } from "../../app/useApi";

/** The hot tags: most watched first, each opening its results on /keywordsearch. */
function HotTags({ labelledBy }: { readonly labelledBy: string }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const api = useApi();
  const tags = useQuery(hotTagsQueryOptions(api));

  if (tags.data === undefined && tags.isError) {
    return (
      <div className="h5-search__note">
        <span>{errorText(tags.error)}</span>
        <Button
          variant="text"
          size="sm"
          onClick={() => {
            void tags.refetch();
          }}
        >
          {t`重试`}
        </Button>
      </div>
    );
  }
  if (tags.data === undefined) {
    return (
      <SkeletonGroup className="h5-search__chips" label={t`正在加载热门标签…`}>
        {[64, 48, 80, 56, 72, 48].map((width, index) => (
          <Skeleton key={index} width={width} height={32} radius={999} />
        ))}
      </SkeletonGroup>
    );
  }
  if (tags.data.length === 0) return <p className="h5-search__note">{t`暂无热门标签`}</p>;
  return (
    <ol className="h5-search__chips h5-search__hot" aria-labelledby={labelledBy}>
      {tags.data.map(({ tag }, index) => (
        <li key={tag}>
          <Link to="/keywordsearch" search={{ id: tag }} className="h5-search__chip">
            <span className="h5-search__rank" data-top={index < 3 || undefined} aria-hidden="true">
              {index + 1}
            </span>
            {tag}
          </Link>
        </li>
      ))}
    </ol>
  );
}

export interface SearchStartProps {
  readonly history: SearchHistory;
  /** Search these words again (a history entry was tapped). */
  readonly onSearch: (words: string) => void;
}

/**
 * What /search shows before a search: the person's search history (newest first; tap to search
 * again, remove one, or clear all after a confirm) and the hot tags.
 */
export function SearchStart({ history, onSearch }: SearchStartProps) {
  const { t } = useLingui();
  const baseId = useId();
  const historyId = `${baseId}-history`;
  const hotId = `${baseId}-hot`;
  const [confirmClear, setConfirmClear] = useState(false);
  const { entries } = history;

  return (
    <div className="h5-search__start">
      <section className="h5-search__section" aria-labelledby={historyId}>
        <div className="h5-search__section-head">
          <h2 id={historyId} className="h5-search__heading">
            {t`搜索历史`}
          </h2>
          {entries.length === 0 ? null : (
            <Button
              variant="text"
              size="sm"
              onClick={() => {
                setConfirmClear(true);
              }}
            >
              <Icon name="trash" size={16} />
              {t`清空历史`}
            </Button>
          )}
        </div>
        {entries.length === 0 ? (
          <p className="h5-search__note">{t`暂无搜索历史`}</p>
        ) : (
          <ul className="h5-search__history" aria-labelledby={historyId}>
            {entries.map((words) => (
              <li key={words} className="h5-search__history-row">
                <button
                  type="button"
                  className="h5-bare-button h5-search__history-open"
                  onClick={() => {
                    onSearch(words);
                  }}
                >
                  <Icon name="clock" size={16} className="h5-search__history-icon" />
                  <span className="h5-search__history-words">{words}</span>
                </button>
                <IconButton
                  icon="close"
                  iconSize={16}
                  label={t`删除搜索记录：${words}`}
                  onClick={() => {
                    history.remove(words);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="h5-search__section" aria-labelledby={hotId}>
        <div className="h5-search__section-head">
          <h2 id={hotId} className="h5-search__heading">
            {t`热门标签`}
          </h2>
        </div>
        <HotTags labelledBy={hotId} />
      </section>
      <Dialog
        open={confirmClear}
        title={t`清空搜索历史？`}
        tone="danger"
        confirmLabel={t`清空`}
        onConfirm={() => {
          history.clear();
          setConfirmClear(false);
        }}
        onCancel={() => {
          setConfirmClear(false);
        }}
      >
        {t`清空后无法恢复。`}
      </Dialog>
    </div>
  );
}
