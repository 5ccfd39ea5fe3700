import { useLingui } from "@lingui/react/macro";
import type { QueuedVideo } from "@platform/api-client/admin";
import { useState } from "react";
import { PagedTable, useClient, usePagedList, useWhen } from "../app/kit";
import type { Columns } from "../app/kit";
import { ReviewDetail } from "./ReviewDetail";

const SIZE = 20;

/**
 * Review: the queue (new videos and edits, oldest first) with who holds each; a video opened
 * beside it — playing in its renditions, its cover, title, tags and price — to claim, approve,
 * reject with a reason its author reads, or take down; and published videos, to take down or
 * restore.
 */
export function Review() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const [open, setOpen] = useState<string | null>(null);
  const queue = usePagedList(
    ["review", "queue"],
    (page, signal) => client.call("review.queue", { page, size: SIZE }, { signal }),
    15_000,
  );
  const statusText = (v: QueuedVideo) =>
    v.kind === "edit" ? t`修改待审` : v.status === 50 ? t`审核中` : t`待审核`;
  const columns: Columns<QueuedVideo> = [
    { id: "videoId", header: t`编号`, accessorFn: (v) => v.videoId },
    { id: "title", header: t`标题`, accessorFn: (v) => v.title },
    { id: "author", header: t`作者`, accessorFn: (v) => v.author.nickName },
    { id: "status", header: t`状态`, accessorFn: (v) => statusText(v) },
    { id: "since", header: t`等待自`, accessorFn: (v) => at(v.waitingSince) },
    { id: "claim", header: t`审核人`, accessorFn: (v) => v.claimedBy?.name ?? "—" },
  ];
  return (
    <section aria-labelledby="review-title" className="ad-split">
      <div>
        <h1 id="review-title">{t`审核`}</h1>
        <PagedTable
          label={t`待审核队列`}
          list={queue}
          size={SIZE}
          columns={columns}
          rowId={(v) => v.videoId}
          empty={t`没有等待审核的视频`}
          selected={open}
          onSelect={(v) => {
            setOpen(v.videoId);
          }}
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

/** Published (or taken down) videos, by title, author or id: to open and take down or restore. */
function Published({ onOpen }: { readonly onOpen: (id: string) => void }) {
  const { t } = useLingui();
  const client = useClient();
  const [search, setSearch] = useState("");
  const [takenDown, setTakenDown] = useState(false);
  const list = usePagedList(["review", "published", search, takenDown], (page, signal) =>
    client.call("review.published", { search, takenDown, page, size: SIZE }, { signal }),
  );
  type Row = NonNullable<typeof list.query.data>["items"][number];
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
      <PagedTable
        label={t`视频`}
        list={list}
        size={SIZE}
        columns={columns}
        rowId={(v) => v.videoId}
        empty={t`没有符合条件的视频`}
        onSelect={(v) => {
          onOpen(v.videoId);
        }}
      />
    </section>
  );
}
