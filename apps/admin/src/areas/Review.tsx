import { useLingui } from "@lingui/react/macro";
import { useLingui as useI18n } from "@lingui/react";
import type { QueuedVideo } from "@platform/api-client/admin";
import { VideoPlayer } from "@platform/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../app/errors";
import { useClient, useOperator } from "../app/context";
import { money, when } from "../app/format";
import { ActForm } from "../components/ActForm";
import { DataTable } from "../components/DataTable";
import type { Columns } from "../components/DataTable";

const SIZE = 20;

/**
 * Review: the queue (new videos and edits, oldest first) with who holds each; a video opened
 * beside it — playing in its renditions, its cover, title, tags and price — to claim, approve,
 * reject with a reason its author reads, or take down; and published videos, to take down or
 * restore.
 */
export function Review() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const client = useClient();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const queue = useQuery({
    queryKey: ["review", "queue", page],
    queryFn: ({ signal }) => client.call("review.queue", { page, size: SIZE }, { signal }),
    refetchInterval: 15_000,
  });
  const statusText = (v: QueuedVideo) =>
    v.kind === "edit" ? t`修改待审` : v.status === 50 ? t`审核中` : t`待审核`;
  const columns: Columns<QueuedVideo> = [
    { id: "videoId", header: t`编号`, accessorFn: (v) => v.videoId },
    { id: "title", header: t`标题`, accessorFn: (v) => v.title },
    { id: "author", header: t`作者`, accessorFn: (v) => v.author.nickName },
    { id: "status", header: t`状态`, accessorFn: (v) => statusText(v) },
    { id: "since", header: t`等待自`, accessorFn: (v) => when(v.waitingSince, i18n.locale) },
    { id: "claim", header: t`审核人`, accessorFn: (v) => v.claimedBy?.name ?? "—" },
  ];
  return (
    <section aria-labelledby="review-title" className="ad-split">
      <div>
        <h1 id="review-title">{t`审核`}</h1>
        {queue.isError ? (
          <p className="ad-error" role="alert">
            {errorText(queue.error)}
          </p>
        ) : null}
        <DataTable
          label={t`待审核队列`}
          columns={columns}
          rows={queue.data?.items ?? []}
          rowId={(v) => v.videoId}
          loading={queue.isPending}
          empty={t`没有等待审核的视频`}
          selected={open}
          onSelect={(v) => {
            setOpen(v.videoId);
          }}
          paging={{ page, size: SIZE, total: queue.data?.total ?? 0, onPage: setPage }}
        />
        <Published onOpen={setOpen} />
      </div>
      {open === null ? (
        <p className="ad-muted">{t`选择一个视频查看详情`}</p>
      ) : (
        <ReviewDetail
          key={open}
          videoId={open}
          onDone={() => {
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}

function ReviewDetail({ videoId, onDone }: { readonly videoId: string; readonly onDone: () => void }) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const client = useClient();
  const me = useOperator();
  const queries = useQueryClient();
  const errorText = useErrorText();
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
  if (detail.isError)
    return (
      <p className="ad-error" role="alert">
        {errorText(detail.error)}
      </p>
    );
  if (!detail.data) return <p className="ad-muted" role="status">{t`加载中…`}</p>;
  const v = detail.data;
  const mine = v.claimedBy !== null && v.claimedBy.id === me?.id;
  const price = money(v.amount);
  const claimer = v.claimedBy?.name ?? "";
  const claimUntil = when(v.claimExpiresAt, i18n.locale);
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
        <dd>{when(v.waitingSince, i18n.locale)}</dd>
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

/** Published (or taken down) videos, by title, author or id: to open and take down or restore. */
function Published({ onOpen }: { readonly onOpen: (id: string) => void }) {
  const { t } = useLingui();
  const client = useClient();
  const [search, setSearch] = useState("");
  const [takenDown, setTakenDown] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ["review", "published", search, takenDown, page],
    queryFn: ({ signal }) =>
      client.call("review.published", { search, takenDown, page, size: SIZE }, { signal }),
  });
  type Row = NonNullable<typeof list.data>["items"][number];
  const columns: Columns<Row> = [
    { id: "videoId", header: t`编号`, accessorFn: (v) => v.videoId },
    { id: "title", header: t`标题`, accessorFn: (v) => v.title },
    { id: "author", header: t`作者`, accessorFn: (v) => v.author.nickName },
    { id: "reason", header: t`原因`, accessorFn: (v) => v.statusReason ?? "—" },
  ];
  return (
    <section aria-labelledby="published-title">
      <h2 id="published-title">{takenDown ? t`已下架的视频` : t`已发布的视频`}</h2>
      <div className="ad-filters">
        <label className="ad-field">
          <span>{t`搜索标题、作者或编号`}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="ad-check">
          <input
            type="checkbox"
            checked={takenDown}
            onChange={(e) => {
              setTakenDown(e.target.checked);
            }}
          />
          {t`只看已下架`}
        </label>
      </div>
      <DataTable
        label={t`视频`}
        columns={columns}
        rows={list.data?.items ?? []}
        rowId={(v) => v.videoId}
        loading={list.isPending}
        empty={t`没有符合条件的视频`}
        onSelect={(v) => {
          onOpen(v.videoId);
        }}
        paging={{ page, size: SIZE, total: list.data?.total ?? 0, onPage: setPage }}
      />
    </section>
  );
}
