import { useLingui } from "@lingui/react/macro";
import type { AuditEntry } from "@platform/api-client/admin";
import { useState } from "react";
import { PagedTable, useClient, usePagedList, useWhen, nextSort } from "../app/kit";
import type { Columns, ListSort } from "../app/kit";
import type { AdminRequest } from "@platform/api-client/admin";

type AuditSort = AdminRequest<"audit.search">["sort"];

const SIZE = 50;

/** Every operator action, newest first, searchable by who, what and the target. */
export function Audit() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const [filters, setFilters] = useState({ actor: "", action: "", targetType: "", targetId: "" });
  const [sort, setSort] = useState<ListSort | undefined>(undefined);
  const list = usePagedList(["audit", filters, sort], (page, signal) =>
    client.call("audit.search", { ...filters, page, size: SIZE, sort: sort as AuditSort }, { signal }),
  );
  const columns: Columns<AuditEntry> = [
    { id: "at", header: t`时间`, accessorFn: (e) => at(e.at) },
    { id: "actor", header: t`操作人`, accessorFn: (e) => e.actor },
    { id: "action", header: t`操作`, accessorFn: (e) => e.action },
    { id: "target", header: t`对象`, accessorFn: (e) => `${e.targetType} ${e.targetId}` },
    { id: "reason", header: t`原因`, accessorFn: (e) => e.reason ?? "—" },
    {
      id: "change",
      header: t`变更前 → 变更后`,
      cell: ({ row }) => (
        <code className="ad-change">
          {JSON.stringify(row.original.before)} → {JSON.stringify(row.original.after)}
        </code>
      ),
    },
    { id: "from", header: t`来源`, accessorFn: (e) => e.address ?? "—" },
  ];
  const field = (key: keyof typeof filters, label: string) => (
    <label className="ad-field">
      <span>{label}</span>
      <input
        type="search"
        value={filters[key]}
        onChange={(e) => {
          setFilters({ ...filters, [key]: e.target.value });
        }}
      />
    </label>
  );
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t`审计日志`}</h1>
      <div className="ad-filters">
        {field("actor", t`操作人`)}
        {field("action", t`操作`)}
        {field("targetType", t`对象类型`)}
        {field("targetId", t`对象编号`)}
      </div>
      <PagedTable
        label={t`审计日志`}
        list={list}
        size={SIZE}
        columns={columns}
        rowId={(e) => e.id}
        empty={t`没有符合条件的记录`}
        sorting={{
          columns: ["at", "actor", "action"],
          sort,
          onSort: (by) => {
            setSort(nextSort(sort, by));
          },
        }}
      />
    </section>
  );
}
