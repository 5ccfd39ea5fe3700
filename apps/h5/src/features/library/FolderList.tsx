import { useLingui } from "@lingui/react/macro";
import { EmptyState, Skeleton, SkeletonGroup } from "@platform/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import type { FavoriteFolder } from "./queries";

/** "3 videos": how many a folder holds. */
export function VideoCount({ count }: { readonly count: number }) {
  const { t } = useLingui();
  return <>{t`${count} 个视频`}</>;
}

/**
 * The person's favourites folders (name and how many videos), with the loading, error and empty
 * states; `row` draws what each folder offers (a link to it, or rename and delete).
 */
export function FolderList({
  folders,
  row,
  empty,
}: {
  readonly folders: UseQueryResult<readonly FavoriteFolder[]>;
  readonly row: (folder: FavoriteFolder) => ReactNode;
  readonly empty: ReactNode;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  if (folders.data === undefined)
    return folders.isError ? (
      <RetryState message={errorText(folders.error)} onRetry={() => void folders.refetch()} />
    ) : (
      <SkeletonGroup label={t`收藏夹加载中`}>
        <Skeleton height={56} radius={12} />
        <Skeleton height={56} radius={12} />
      </SkeletonGroup>
    );
  if (folders.data.length === 0) return <EmptyState picture="empty" description={empty} />;
  return (
    <ul className="h5-library-folders" aria-label={t`收藏夹`}>
      {folders.data.map((folder) => (
        <li key={folder.id} className="h5-library-folder">
          {row(folder)}
        </li>
      ))}
    </ul>
  );
}
