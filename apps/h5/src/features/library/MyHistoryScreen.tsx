import { useLingui } from "@lingui/react/macro";
import { useLingui as useI18n } from "@lingui/react";
import { productMessages } from "@platform/i18n";
import { Button, Dialog, TextField } from "@platform/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Page } from "../../components/Page";
import { LibraryList } from "./LibraryList";
import { historyQueryOptions, useDeleteHistoryMutation } from "./queries";
import type { HistoryDeletion } from "./queries";
import { useLibrary } from "./useLibrary";
import { useSelection } from "./useSelection";
import "./library.css";

type Deleting = HistoryDeletion;

/**
 * /myhistory: what this person watched, most recent first, each with how far they watched
 * ('watched to'); a search over the titles; delete one (swipe left, or its delete button), choose
 * several and delete them, or clear everything — each after a confirmation.
 */
export function MyHistoryScreen() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const { api, refusals, deleted } = useLibrary();
  const [keyword, setKeyword] = useState("");
  const searched = useDeferredValue(keyword.trim());
  const history = useInfiniteQuery(historyQueryOptions(api, searched));
  const selection = useSelection();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const chosenCount = selection.count;
  const deletingCount = deleting?.kind === "some" ? deleting.ids.length : 0;

  // Then the history is read again (the hook).
  const remove = useDeleteHistoryMutation({
    onSuccess: () => {
      setDeleting(null);
      selection.end();
      deleted();
    },
    onError: (error) => {
      setDeleting(null);
      refusals.toast(error);
    },
  });

  const hasRows = (history.data?.pages[0]?.records.length ?? 0) > 0;
  return (
    <Page title={t`历史记录`}>
      <div className="h5-library">
        <div className="h5-library-toolbar">
          <TextField
            label={t`搜索历史记录`}
            hideLabel
            value={keyword}
            placeholder={t`搜索看过的视频`}
            onChange={setKeyword}
          />
          {hasRows || selection.selecting ? selection.toggle : null}
          {hasRows && !selection.selecting ? (
            <Button
              size="sm"
              variant="text"
              onClick={() => {
                setDeleting({ kind: "all" });
              }}
            >
              {t`清空`}
            </Button>
          ) : null}
        </div>
        <LibraryList
          query={history}
          label={t`观看历史`}
          empty={searched === "" ? i18n._(productMessages.noHistory) : t`没有找到相关的观看记录`}
          rows={{
            ...selection.rows,
            showWatched: true,
            swipeToDelete: !selection.selecting,
            onDelete: (id) => {
              setDeleting({ kind: "some", ids: [id] });
            },
          }}
        />
        {selection.selecting ? (
          <div className="h5-library-actions">
            {selection.problemNote}
            <Button
              variant="danger"
              onClick={() => {
                if (selection.check()) setDeleting({ kind: "some", ids: selection.ids });
              }}
            >
              {t`删除所选（${chosenCount}）`}
            </Button>
          </div>
        ) : null}
      </div>
      <Dialog
        open={deleting !== null}
        tone="danger"
        title={deleting?.kind === "all" ? t`清空历史记录` : t`删除历史记录`}
        confirmLabel={t`删除`}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting);
        }}
        onCancel={() => {
          setDeleting(null);
        }}
      >
        {deleting?.kind === "all"
          ? t`全部观看记录都将删除，且无法恢复。`
          : t`所选的 ${deletingCount} 条观看记录将删除。`}
      </Dialog>
    </Page>
  );
}
