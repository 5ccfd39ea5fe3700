import { useLingui } from "@lingui/react/macro";
import type { FavoriteFolder, PlatformApi, VideoDetail } from "@platform/api-client";
import { limits, validateFolderName } from "@platform/domain";
import { BottomPopup, Button, Icon, Skeleton, TextField, useMessageText, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useVideoChanges } from "./mutations";
import type { CollectTarget } from "./mutations";
import { foldersQueryOptions } from "./queries";

export interface CollectPopupProps {
  readonly api: PlatformApi;
  readonly video: VideoDetail;
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * Collect a video into a favourites folder (spec §3, §5): choose one of one's folders, or create
 * one (English letters or Chinese characters, 2-16) and collect into it at once; or collect
 * without a folder. The typed name stays when the server refuses it (e.g. a name taken).
 */
export function CollectPopup({ api, video, open, onClose }: CollectPopupProps) {
  const { t } = useLingui();
  const text = useMessageText();
  const changes = useVideoChanges(video.id);
  const toast = useToast();
  const folders = useQuery({ ...foldersQueryOptions(api), enabled: open });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  /** The video shows collected and the folders are read again (the hook); then this says so. */
  const collectInto = async (target: CollectTarget) => {
    const folder = await changes.collect(target);
    const folderName = folder?.name ?? "";
    toast.show(folder === null ? t`已收藏` : t`已收藏到「${folderName}」`, { tone: "success" });
    setCreating(false);
    setName("");
    onClose();
  };

  const intoFolder = async (folder: FavoriteFolder) => {
    setBusy(folder.id);
    try {
      await collectInto({ kind: "folder", folder });
    } catch {
      // toasted by the API client
    } finally {
      setBusy(null);
    }
  };

  const withoutFolder = async () => {
    setBusy("none");
    try {
      await collectInto({ kind: "none" });
    } catch {
      // toasted by the API client
    } finally {
      setBusy(null);
    }
  };

  const createAndCollect = async () => {
    const problem = validateFolderName(name);
    if (problem !== null) {
      setNameError(text(problem));
      return;
    }
    setNameError(null);
    setBusy("new");
    try {
      await collectInto({ kind: "new", name: name.trim() });
    } catch {
      // toasted by the API client; the name stays for another try (the folders are read again)
    } finally {
      setBusy(null);
    }
  };

  let list;
  if (folders.data === undefined && folders.isError) {
    list = (
      <div className="h5-collect__state">
        <p>{t`收藏夹加载失败`}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void folders.refetch();
          }}
        >
          {t`重试`}
        </Button>
      </div>
    );
  } else if (folders.data === undefined) {
    list = (
      <div className="h5-collect__state" role="status" aria-label={t`正在加载收藏夹`}>
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  } else if (folders.data.length === 0) {
    list = <p className="h5-collect__empty">{t`还没有收藏夹，新建一个吧`}</p>;
  } else {
    list = (
      <ul className="h5-collect__list" aria-label={t`我的收藏夹`}>
        {folders.data.map((folder) => {
          const videos = folder.videoCount;
          return (
            <li key={folder.id}>
              <button
                type="button"
                className="h5-bare-button h5-collect__folder"
                disabled={busy !== null}
                aria-busy={busy === folder.id || undefined}
                onClick={() => {
                  void intoFolder(folder);
                }}
              >
                <Icon name="star" size={20} />
                <span className="h5-collect__name">{folder.name}</span>
                <span className="h5-collect__count">{t`${videos} 个视频`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <BottomPopup
      open={open}
      onClose={() => {
        setCreating(false);
        setNameError(null);
        onClose();
      }}
      title={t`收藏到`}
    >
      <div className="h5-collect">
        {list}
        {creating ? (
          <form
            className="h5-collect__create"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void createAndCollect();
            }}
          >
            <TextField
              label={t`收藏夹名称`}
              value={name}
              onChange={(value) => {
                setName(value);
                if (nameError !== null) setNameError(null);
              }}
              maxLength={limits.folderNameMaxLength}
              placeholder={t`2-16 位中文或英文字母`}
              error={nameError ?? undefined}
              showCount
              autoFocus
            />
            <div className="h5-collect__buttons">
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setCreating(false);
                  setNameError(null);
                }}
              >
                {t`取消`}
              </Button>
              <Button type="submit" busy={busy === "new"} disabled={busy !== null}>
                {t`新建并收藏`}
              </Button>
            </div>
          </form>
        ) : (
          <div className="h5-collect__buttons">
            <Button
              variant="secondary"
              busy={busy === "none"}
              disabled={busy !== null}
              onClick={() => {
                void withoutFolder();
              }}
            >
              {t`直接收藏`}
            </Button>
            <Button
              onClick={() => {
                setCreating(true);
              }}
              disabled={busy !== null}
            >
              {t`新建收藏夹`}
            </Button>
          </div>
        )}
      </div>
    </BottomPopup>
  );
}
