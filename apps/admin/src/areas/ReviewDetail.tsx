import { useLingui } from "@lingui/react/macro";
import { VideoPlayer } from "@platform/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActForm, Waiting, money, useClient, useOperator, useWhen } from "../app/kit";

/**
 * A video of the review opened beside the queue: playing in its renditions (the operator's own
 * playlists, segments signed), its facts, and the acts its status allows — claim, approve, reject
 * with the reason its author reads, take down (its buyers refunded) or publish again.
 */
export function ReviewDetail({ videoId, onDone }: { readonly videoId: string; readonly onDone: () => void }) {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const me = useOperator();
  const queries = useQueryClient();
  const detail = useQuery({
    queryKey: ["review", "detail", videoId],
    queryFn: ({ signal }) => client.call("review.detail", { videoId }, { signal }),
  });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ["review"] });
  };
  const finished = () => {
    refresh();
    onDone();
  };
  if (!detail.data) return <Waiting query={detail} />;
  const v = detail.data;
  const mine = v.claimedBy !== null && v.claimedBy.id === me?.id;
  const price = money(v.amount);
  const claimer = v.claimedBy?.name ?? "";
  const claimUntil = at(v.claimExpiresAt);
  const waiting = v.kind === "edit" || v.status === 40 || v.status === 50 || v.status === 77;
  return (
    <article className="ad-detail" aria-labelledby="detail-title">
      <h2 id="detail-title">{v.title}</h2>
      {v.renditions.length > 0 ? (
        <VideoPlayer
          key={v.videoId}
          sources={v.renditions.map((r, i) => ({
            resolution: r.name,
            videoPlayUrl: client.mediaUrl(r.url),
            defaultResolution: i === v.renditions.length - 1,
          }))}
          poster={v.coverUrl ?? undefined}
          title={v.title}
          previewLimitSeconds={null}
          lengthSeconds={v.lengthMs / 1000}
        />
      ) : (
        <p className="ad-muted">{t`这个视频还没有可播放的文件`}</p>
      )}
      <dl className="ad-facts">
        <dt>{t`作者`}</dt>
        <dd>
          {v.author.nickName} ({v.author.memberId})
        </dd>
        <dt>{t`简介`}</dt>
        <dd>{v.introduction || "—"}</dd>
        <dt>{t`标签`}</dt>
        <dd>{v.tags.join(" · ") || "—"}</dd>
        <dt>{t`观看权限`}</dt>
        <dd>
          {v.watchLevel === "CHARGE" ? t`付费 ${price}` : v.watchLevel === "SVIP" ? t`超级会员` : t`免费`}
        </dd>
        <dt>{t`等待自`}</dt>
        <dd>{at(v.waitingSince)}</dd>
        <dt>{t`审核人`}</dt>
        <dd>{v.claimedBy ? t`${claimer}（至 ${claimUntil}）` : "—"}</dd>
        {v.statusReason ? (
          <>
            <dt>{t`原因`}</dt>
            <dd>{v.statusReason}</dd>
          </>
        ) : null}
      </dl>
      {waiting ? (
        <div className="ad-acts">
          {mine ? null : (
            <ActForm
              label={t`领取审核`}
              act={() => client.call("review.claim", { videoId })}
              onDone={refresh}
            />
          )}
          <ActForm label={t`通过`} act={() => client.call("review.approve", { videoId })} onDone={finished} />
          <ActForm
            label={t`不通过`}
            tone="danger"
            needsReason
            reasonLabel={t`不通过的原因（作者会看到）`}
            act={(reason) => client.call("review.reject", { videoId, reason })}
            onDone={finished}
          />
        </div>
      ) : v.status === 99 ? (
        <ActForm
          label={t`下架`}
          tone="danger"
          needsReason
          reasonLabel={t`下架原因（购买者将获得退款）`}
          act={(reason) => client.call("review.takedown", { videoId, reason })}
          onDone={finished}
        />
      ) : v.status === 86 ? (
        <ActForm
          label={t`恢复发布`}
          act={() => client.call("review.restore", { videoId })}
          onDone={finished}
        />
      ) : null}
    </article>
  );
}
