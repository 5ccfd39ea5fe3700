import { useLingui } from "@lingui/react/macro";
import type { PlatformApi, VideoDetail } from "@platform/api-client";
import { StorageKey, authorNameOf, showsFollowButton } from "@platform/domain";
import { Avatar, Button } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useVideoChanges } from "./mutations";

/**
 * The author under the video: avatar and name open their page (/creationcenter), and a follow /
 * followed button (spec §4 follow state) for anyone but the author.
 */
export function AuthorRow({ api, video }: { readonly api: PlatformApi; readonly video: VideoDetail }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const changes = useVideoChanges(video.id);
  const [busy, setBusy] = useState(false);
  const viewerId = api.client.userInfo?.id == null ? null : String(api.client.userInfo.id);
  const name = authorNameOf(video);

  const toggle = async () => {
    if (viewerId === null) return;
    setBusy(true);
    try {
      // The cached video takes the server's follow state (the hook).
      await changes.follow(!video.hasFollow, { followUserId: video.createUserId, userId: viewerId });
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="h5-video__author">
      <button
        type="button"
        className="h5-bare-button h5-video__author-link"
        onClick={() => {
          void navigate({ to: "/creationcenter", search: { id: video.createUserId } });
        }}
      >
        <Avatar src={video.avatarFileUrl} fallbackSrc={api.client.storage.get(StorageKey.logo)} size={40} />
        <span className="h5-video__author-name">{name}</span>
      </button>
      {showsFollowButton(video.createUserId, viewerId) ? (
        <Button
          size="sm"
          variant={video.hasFollow ? "secondary" : "primary"}
          aria-pressed={video.hasFollow}
          busy={busy}
          onClick={() => {
            void toggle();
          }}
        >
          {video.hasFollow ? t`已关注` : t`关注`}
        </Button>
      ) : null}
    </div>
  );
}
