import { useLingui } from "@lingui/react/macro";
import type { PlatformApi, VideoDetail } from "@platform/api-client";
import {
  StorageKey,
  coverOf,
  authorNameOf,
  lockReason,
  posterOf,
  previewLimitSeconds,
  resumePositionMs,
  walletBalanceOf,
} from "@platform/domain";
import type { VideoPrice } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { BuyVideoPopup, Button, MembershipDialog, VideoPlayer, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { rechargeRouteFrom, routeFrom } from "../../app/route-from";
import { walletQueryOptions } from "../../app/session/queries";
import { TrackEvent, track } from "../../app/tracking";
import { useVideoChanges } from "./mutations";

/** Which prompt is up: the buy sheet (after the trial ended: saying so), or the membership dialog. */
type Prompt = "buy" | "trial" | "membership" | null;

/** The price of a video as the popups show it (the viewer's benefit amount when the server gives one). */
export function priceOf(video: VideoDetail): VideoPrice {
  return { amount: video.amount, discount: video.discount, benefitAmount: video.benefitAmount };
}

/**
 * The player with the rules of watching (spec §4 video access): free plays fully; a locked viewer
 * plays the preview and, at the limit, gets the membership dialog (SVIP) or the buy popup (CHARGE,
 * 'goto recharge' when the gold is short). Dismissed, the trial has ended: the picture is covered
 * and offers the prompt again (the same buy sheet, saying the trial ended). A purchase ('buy success')
 * reloads the source and playback goes on past the limit. Closing the player reports the viewing.
 */
export function VideoStage({ api, video }: { readonly api: PlatformApi; readonly video: VideoDetail }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const router = useRouter();
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [trialEnded, setTrialEnded] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [buying, setBuying] = useState(false);

  const reason = lockReason(video.privileges);
  const isMember = video.privileges.vipInfo.isVip;
  const cover = coverOf(video);
  const price = priceOf(video);
  // The gold balance, ready before the limit for someone who may buy (fresh on each prompt).
  const wallet = useQuery({ ...walletQueryOptions(api), enabled: reason === "purchase", staleTime: 0 });
  const gold = walletBalanceOf(wallet.data);

  const openPrompt = (next: Prompt) => {
    if (next === "buy" || next === "trial") void wallet.refetch();
    setPrompt(next);
  };
  const dismiss = () => {
    setPrompt(null);
    if (reason !== null) setTrialEnded(true);
  };

  const changes = useVideoChanges(video.id);
  const buy = async () => {
    if (buying) return;
    setBuying(true);
    try {
      // The rights are fetched again first (the preview limit goes), then the source is loaded
      // again and plays on.
      await changes.buy(() => {
        toast.show(i18n._(productMessages.buySuccess), { tone: "success" });
        track(api, TrackEvent.videoBuy, { videoId: video.id });
      });
    } catch {
      // The API client has told the person (a toast with the server's reason).
      setBuying(false);
      return;
    }
    setBuying(false);
    setPrompt(null);
    setTrialEnded(false);
    setReloadKey((k) => k + 1);
  };

  const storage = api.client.storage;
  const limit = previewLimitSeconds(video.privileges, video.freeTimeMs);
  const sources = video.multiResolutionList;
  const vertical = video.videoHeight > video.videoWidth;

  return (
    <>
      <VideoPlayer
        sources={sources}
        adaptiveUrl={video.adaptivePlayUrl}
        poster={cover === null ? undefined : posterOf(cover)}
        title={video.videoTitle}
        author={authorNameOf(video)}
        token={storage.get(StorageKey.accessToken)}
        busPlatformId={storage.get(StorageKey.busPlatformId)}
        previewLimitSeconds={limit}
        lengthSeconds={video.videoLength / 1000}
        startPositionMs={resumePositionMs(video.seenMs, video.videoLength)}
        reloadKey={reloadKey}
        trialEnded={trialEnded && limit !== null}
        trialEndedAction={
          <Button
            variant={reason === "membership" ? "gold" : "primary"}
            onClick={() => {
              openPrompt(reason === "membership" ? "membership" : "trial");
            }}
          >
            {reason === "membership" ? t`开通超级会员` : t`购买完整视频`}
          </Button>
        }
        onPreviewLimit={() => {
          openPrompt(reason === "membership" ? "membership" : "buy");
        }}
        onPlay={() => {
          track(api, TrackEvent.videoPlay, { videoId: video.id });
        }}
        onEnded={() => {
          track(api, TrackEvent.videoEnded, { videoId: video.id });
        }}
        onClose={({ seenMs, renewCount = 0 }) => {
          // The API client toasts a failure; the viewing report is best effort on leaving.
          api.substance.doPlay({ onlineId: video.id, seenMs, renewCount }).catch(() => undefined);
          track(api, TrackEvent.videoClose, { videoId: video.id, seenMs });
        }}
        autoPlay
        aspectRatio={vertical ? 3 / 4 : 16 / 9}
      />

      <BuyVideoPopup
        open={prompt === "buy" || prompt === "trial"}
        onClose={dismiss}
        trialEnded={prompt === "trial"}
        price={price}
        isMember={isMember}
        goldBalance={gold}
        busy={buying || (wallet.isFetching && wallet.data === undefined)}
        videoTitle={video.videoTitle}
        onBuy={() => {
          void buy();
        }}
        onRecharge={() => {
          // Back from the recharge page returns to this video.
          void navigate({ href: rechargeRouteFrom(router.state.location.href) });
        }}
      />
      <MembershipDialog
        open={prompt === "membership"}
        onOpenMembership={() => {
          // Back from the member centre (or a purchase there) returns to this video.
          void navigate({ href: routeFrom("/membervip", router.state.location.href) });
        }}
        onCancel={dismiss}
      />
    </>
  );
}
