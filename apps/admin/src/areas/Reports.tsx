import { useLingui } from "@lingui/react/macro";
import type { ReportGroup } from "@platform/api-client/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActForm, PagedTable, useClient, usePagedList, useWhen } from "../app/kit";
import type { Columns } from "../app/kit";

const SIZE = 20;

/**
 * Reports from the app, grouped by what was reported (most reported first): open ones resolved
 * once for the group — removed, owner warned, or dismissed — and the resolved ones to look back at.
 */
export function Reports() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const queries = useQueryClient();
  const [open, setOpen] = useState(true);
  const [chosen, setChosen] = useState<ReportGroup | null>(null);
  const list = usePagedList(["reports", open], (page, signal) =>
    client.call("reports.list", { open, page, size: SIZE }, { signal }),
  );
  const kinds = { COMMENT: t`评论`, USER: t`用户`, VIDEO: t`视频`, LIVE: t`直播间` };
  const columns: Columns<ReportGroup> = [
    { id: "type", header: t`类型`, accessorFn: (g) => kinds[g.targetType] },
    {
      id: "summary",
      header: t`内容`,
      accessorFn: (g) => {
        const summary = g.summary;
        return g.gone ? t`${summary}（已不存在）` : summary;
      },
    },
    { id: "owner", header: t`发布者`, accessorFn: (g) => g.owner?.nickName ?? "—" },
    { id: "count", header: t`举报数`, accessorFn: (g) => g.count },
    {
      id: "reasons",
      header: t`理由`,
      accessorFn: (g) =>
        Object.entries(g.reasons)
          .map(([reason, n]) => `${reason} ×${String(n)}`)
          .join(", "),
    },
    { id: "last", header: t`最近举报`, accessorFn: (g) => at(g.lastAt) },
  ];
  const done = () => {
    setChosen(null);
    void queries.invalidateQueries({ queryKey: ["reports"] });
  };
  const resolve = (resolution: "REMOVED" | "WARNED" | "DISMISSED") => (reason: string) =>
    client.call("reports.resolve", {
      targetType: chosen?.targetType ?? "COMMENT",
      targetId: chosen?.targetId ?? "",
      resolution,
      reason,
    });
  return (
    <section aria-labelledby="reports-title" className="ad-split">
      <div>
        <h1 id="reports-title">{t`举报`}</h1>
        <div className="ad-filters" role="group" aria-label={t`显示`}>
          <label className="ad-check">
            <input
              type="radio"
              name="open"
              checked={open}
              onChange={() => {
                setOpen(true);
              }}
            />
            {t`待处理`}
          </label>
          <label className="ad-check">
            <input
              type="radio"
              name="open"
              checked={!open}
              onChange={() => {
                setOpen(false);
              }}
            />
            {t`已处理`}
          </label>
        </div>
        <PagedTable
          label={t`举报`}
          list={list}
          size={SIZE}
          columns={columns}
          rowId={(g) => `${g.targetType}:${g.targetId}`}
          empty={open ? t`没有待处理的举报` : t`还没有处理过的举报`}
          selected={chosen ? `${chosen.targetType}:${chosen.targetId}` : null}
          onSelect={open ? setChosen : undefined}
        />
      </div>
      {chosen === null ? (
        <p className="ad-muted">{open ? t`选择一条举报进行处理` : ""}</p>
      ) : (
        <article className="ad-detail" aria-labelledby="report-title">
          <h2 id="report-title">
            {kinds[chosen.targetType]} · {chosen.summary}
          </h2>
          <ReportCount count={chosen.count} />
          <div className="ad-acts">
            <ActForm
              label={t`移除内容`}
              tone="danger"
              needsReason
              reasonLabel={t`移除原因（发布者会看到）`}
              act={resolve("REMOVED")}
              onDone={done}
            />
            <ActForm
              label={t`警告发布者`}
              needsReason
              reasonLabel={t`警告内容（发布者会看到）`}
              act={resolve("WARNED")}
              onDone={done}
            />
            <ActForm label={t`驳回举报`} needsReason act={resolve("DISMISSED")} onDone={done} />
          </div>
        </article>
      )}
    </section>
  );
}

/** How many reported it, and who hears of the outcome. */
function ReportCount({ count }: { readonly count: number }) {
  const { t } = useLingui();
  return <p>{t`被 ${count} 人举报；处理后，举报者和发布者都会收到通知。`}</p>;
}
