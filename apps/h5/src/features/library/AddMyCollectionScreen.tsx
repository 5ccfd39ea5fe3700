import { useLingui } from "@lingui/react/macro";
import { limits, validateFolderName } from "@platform/domain";
import { Button, Dialog, TextField } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Page } from "../../components/Page";
import { FolderList, VideoCount } from "./FolderList";
import {
  foldersQueryOptions,
  useCreateFolderMutation,
  useDeleteFolderMutation,
  useRenameFolderMutation,
} from "./queries";
import type { FavoriteFolder } from "./queries";
import { useLibrary } from "./useLibrary";
import "./library.css";

/**
 * /addmycollection: make a favourites folder, rename one or delete one (its videos stay collected).
 * Names follow spec §5 (required, Chinese characters or English letters, 2-16), checked as typed
 * and by the server. Back returns to /myCollection?active=FAVORITES.
 */
export function AddMyCollectionScreen() {
  const { t } = useLingui();
  const { api, text, toast, refusals, deleted } = useLibrary();
  const folders = useQuery(foldersQueryOptions(api));
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<FavoriteFolder | null>(null);
  const [newName, setNewName] = useState("");
  const [renameError, setRenameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FavoriteFolder | null>(null);
  const deletingName = deleting?.name ?? "";

  // Each change reads the folders again after it (the hooks).
  const create = useCreateFolderMutation({
    onSuccess: (folder) => {
      setName("");
      const made = folder.name;
      toast.show(t`已新建收藏夹“${made}”`, { tone: "success" });
    },
    onError: (error) => {
      void refusals.text(error).then(setNameError);
    },
  });
  const rename = useRenameFolderMutation({
    onSuccess: () => {
      setRenaming(null);
      toast.show(t`已重命名`, { tone: "success" });
    },
    onError: (error) => {
      void refusals.text(error).then(setRenameError);
    },
  });
  const remove = useDeleteFolderMutation({
    onSuccess: () => {
      setDeleting(null);
      deleted();
    },
    onError: (error) => {
      setDeleting(null);
      refusals.toast(error);
    },
  });

  return (
    <Page title={t`管理收藏夹`}>
      <div className="h5-library">
        <form
          className="h5-library-toolbar"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const invalid = validateFolderName(name.trim());
            setNameError(invalid === null ? null : text(invalid));
            if (invalid === null) create.mutate(name.trim());
          }}
        >
          <TextField
            label={t`新收藏夹名称`}
            value={name}
            maxLength={limits.folderNameMaxLength}
            error={nameError ?? undefined}
            hint={t`2-16 位中文或英文字母`}
            onChange={(value) => {
              setName(value);
              setNameError(null);
            }}
          />
          <Button type="submit" size="sm" busy={create.isPending}>
            {t`新建`}
          </Button>
        </form>
        <FolderList
          folders={folders}
          empty={t`还没有收藏夹`}
          row={(folder) => {
            const folderName = folder.name;
            return (
              <>
                <span>
                  {folder.name}
                  <small>
                    <VideoCount count={folder.videoCount} />
                  </small>
                </span>
                <Button
                  size="sm"
                  variant="text"
                  aria-label={t`重命名 ${folderName}`}
                  onClick={() => {
                    setRenaming(folder);
                    setNewName(folder.name);
                    setRenameError(null);
                  }}
                >
                  {t`重命名`}
                </Button>
                <Button
                  size="sm"
                  variant="text"
                  aria-label={t`删除 ${folderName}`}
                  onClick={() => {
                    setDeleting(folder);
                  }}
                >
                  {t`删除`}
                </Button>
              </>
            );
          }}
        />
      </div>
      <Dialog
        open={renaming !== null}
        title={t`重命名收藏夹`}
        confirmLabel={t`保存`}
        busy={rename.isPending}
        onConfirm={() => {
          if (renaming === null) return;
          const invalid = validateFolderName(newName.trim());
          setRenameError(invalid === null ? null : text(invalid));
          if (invalid === null) rename.mutate({ id: renaming.id, name: newName.trim() });
        }}
        onCancel={() => {
          setRenaming(null);
        }}
      >
        <TextField
          label={t`收藏夹名称`}
          value={newName}
          maxLength={limits.folderNameMaxLength}
          error={renameError ?? undefined}
          onChange={(value) => {
            setNewName(value);
            setRenameError(null);
          }}
        />
      </Dialog>
      <Dialog
        open={deleting !== null}
        tone="danger"
        title={t`删除收藏夹`}
        confirmLabel={t`删除`}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting.id);
        }}
        onCancel={() => {
          setDeleting(null);
        }}
      >
        {t`删除“${deletingName}”后，其中的视频仍在“全部”收藏里。`}
      </Dialog>
    </Page>
  );
}
