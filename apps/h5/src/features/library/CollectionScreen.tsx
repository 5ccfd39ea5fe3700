import { useLingui } from "@lingui/react/macro";
import { CollectionTab, isForbidden, isNotFound, validateFolderChosen } from "@platform/domain";
import { Button, Dialog } from "@platform/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Navigate, getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { pageIdOf } from "../../app/route-search";
import { NotFoundPage } from "../../components/NotFoundPage";
import { Page } from "../../components/Page";
import { VideoCount } from "./FolderList";
import { LibraryList } from "./LibraryList";
import { collectedQueryOptions, foldersQueryOptions, useFolderVideosMutation } from "./queries";
import { useLibrary } from "./useLibrary";
import { useSelection } from "./useSelection";
import "./library.css";

const route = getRouteApi("/collection");

type Action = { readonly kind: "move"; readonly to: string } | { readonly kind: "remove" };

/**
 * /collection?id=<folder>: one folder's videos (no id: the folder list; a folder that is gone or
 * another person's: the app's not-found). 'Select' ticks videos (a tap toggles the box);
 * they can be moved to another folder or removed from this one — at least one video, and a folder
 * to move to, must be chosen (spec §5). Removing asks first (the videos stay in one's collection),
 * then says 'removed from the folder'. Back returns to /myCollection?active=FAVORITES.
 */
export function CollectionScreen() {
  const id = pageIdOf(route.useSearch().id);
  // No folder asked for: the folder list, rather than a list that never loads.
  if (id === null)
    return <Navigate to="/mycollection" search={{ active: CollectionTab.FAVORITES }} replace />;
  return <FolderScreen key={id} id={id} />;
}

function FolderScreen({ id }: { readonly id: string }) {
  const { t } = useLingui();
  const { api, text, toast, refusals } = useLibrary();
  const folders = useQuery(foldersQueryOptions(api));
  const videos = useInfiniteQuery(collectedQueryOptions(api, id));
  const folder = folders.data?.find((f) => f.id === id);
  const others = folders.data?.filter((f) => f.id !== id) ?? [];
  const selection = useSelection();
  const chosenCount = selection.count;
  const folderName = folder?.name ?? t`收藏夹`;
  const [moving, setMoving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [target, setTarget] = useState<string | null>(null);

  // Then the folders are read again (the hook).
  const change = useFolderVideosMutation({
    onSuccess: (done) => {
      setMoving(false);
      setRemoving(false);
      selection.end();
      toast.show(done.kind === "move" ? t`已移动` : t`已移出收藏夹`, { tone: "success" });
    },
    onError: (error) => {
      refusals.toast(error);
    },
  });
  const act = (action: Action) => {
    const substanceIds = selection.ids;
    change.mutate(
      action.kind === "move"
        ? { kind: "move", from: id, to: action.to, substanceIds }
        : { kind: "remove", from: id, substanceIds },
    );
  };

  // A folder that is gone, or another person's (the server answers 'not yours'): not found, once.
  if (videos.data === undefined && (isNotFound(videos.error) || isForbidden(videos.error)))
    return <NotFoundPage />;
  return (
    <Page title={folder?.name ?? t`收藏夹`}>
      <div className="h5-library">
        <div className="h5-library-toolbar">
          <span>{folder === undefined ? null : <VideoCount count={folder.videoCount} />}</span>
          {selection.toggle}
        </div>
        <LibraryList
          query={videos}
          label={t`收藏夹里的视频`}
          empty={t`收藏夹里还没有视频`}
          rows={selection.rows}
        />
        {selection.selecting ? (
          <div className="h5-library-actions">
            {selection.problemNote}
            <Button
              variant="secondary"
              onClick={() => {
                if (selection.check()) {
                  setTarget(null);
                  setMoving(true);
                }
              }}
            >
              {t`移动到…（${chosenCount}）`}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (selection.check()) setRemoving(true);
              }}
            >
              {t`移出收藏夹（${chosenCount}）`}
            </Button>
          </div>
        ) : null}
      </div>
      <Dialog
        open={removing}
        tone="danger"
        title={t`移出收藏夹？`}
        confirmLabel={t`移出`}
        busy={change.isPending}
        onConfirm={() => {
          act({ kind: "remove" });
        }}
        onCancel={() => {
          setRemoving(false);
        }}
      >
        {t`${chosenCount} 个视频将移出“${folderName}”，仍保留在我的收藏中。`}
      </Dialog>
      <Dialog
        open={moving}
        title={t`移动到收藏夹`}
        confirmLabel={t`移动`}
        busy={change.isPending}
        onConfirm={() => {
          const invalid = validateFolderChosen(target);
          if (invalid !== null) {
            selection.setProblem(text(invalid));
            return;
          }
          if (target !== null) act({ kind: "move", to: target });
        }}
        onCancel={() => {
          setMoving(false);
        }}
      >
        {others.length === 0 ? (
          <p>{t`没有其他收藏夹，请先新建一个`}</p>
        ) : (
          <fieldset className="h5-library-choices">
            <legend className="h5-library-heading">{t`选择收藏夹`}</legend>
            {others.map((other) => (
              <label key={other.id} className="h5-library-choice">
                <input
                  type="radio"
                  name="move-to"
                  value={other.id}
                  checked={target === other.id}
                  onChange={() => {
                    setTarget(other.id);
                    selection.setProblem(null);
                  }}
                />
                <span className="h5-library-choice__name">{other.name}</span>
                <span className="h5-library-choice__days">
                  <VideoCount count={other.videoCount} />
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {selection.problemNote}
      </Dialog>
    </Page>
  );
}
