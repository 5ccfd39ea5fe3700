import { useLingui } from "@lingui/react/macro";
import type { Adjustment } from "@platform/api-client/admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SIZE, useMayAct } from "./money-shared";
import {
  ActForm,
  PagedTable,
  money,
  useClient,
  useErrorText,
  useOperator,
  usePagedList,
  useWhen,
} from "../app/kit";
import type { Columns } from "../app/kit";

/**
 * The money desk's books: manual adjustments (asked, then applied at once up to the limit or
 * approved by a second finance operator above it) and reconcile on demand.
 */
export function Adjustments() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const me = useOperator();
  const queries = useQueryClient();
  const mayAct = useMayAct();
  const [pending, setPending] = useState(false);
  const [userId, setUserId] = useState("");
  const [amount, setAmount] = useState("");
  const [balanceType, setBalanceType] = useState<"GOLD" | "WALLET">("GOLD");
  const ids = { user: useId(), amount: useId(), type: useId() };
  const list = usePagedList(["money", "adjustments", pending], (page, signal) =>
    client.call("money.adjustments", { pending, page, size: SIZE }, { signal }),
  );
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ["money", "adjustments"] });
  };
  const hundredths = Math.round(Number(amount) * 100);
  const valid =
    /^-?\d{1,7}(\.\d{1,2})?$/.test(amount.trim()) && hundredths !== 0 && /^\d{1,15}$/.test(userId.trim());
  const columns: Columns<Adjustment> = [
    { id: "id", header: t`编号`, accessorFn: (a) => a.id },
    { id: "person", header: t`用户`, accessorFn: (a) => `${a.person.nickName} (${a.person.memberId})` },
    { id: "amount", header: t`金额`, accessorFn: (a) => `${money(a.amount, true)} ${a.balanceType}` },
    { id: "reason", header: t`原因`, accessorFn: (a) => a.reason },
    {
      id: "status",
      header: t`状态`,
      accessorFn: (a) => ({ PENDING: t`待审批`, APPLIED: t`已生效`, REFUSED: t`已拒绝` })[a.status],
    },
    { id: "by", header: t`提交 / 审批`, accessorFn: (a) => `${a.requestedBy} / ${a.decidedBy ?? "—"}` },
    { id: "at", header: t`时间`, accessorFn: (a) => at(a.createdAt) },
    {
      id: "decide",
      header: t`操作`,
      cell: ({ row }) =>
        row.original.status === "PENDING" && mayAct && row.original.requestedBy !== me?.name ? (
          <div className="ad-inline-acts">
            <ActForm
              label={t`批准`}
              needsReason
              act={(reason) =>
                client.call("money.decideAdjustment", { id: row.original.id, approve: true, reason })
              }
              onDone={refresh}
            />
            <ActForm
              label={t`拒绝`}
              tone="danger"
              needsReason
              act={(reason) =>
                client.call("money.decideAdjustment", { id: row.original.id, approve: false, reason })
              }
              onDone={refresh}
            />
          </div>
        ) : null,
    },
  ];
  return (
    <>
      {mayAct ? (
        <ActForm
          label={t`提交调整`}
          needsReason
          act={(reason) =>
            valid
              ? client.call("money.adjust", {
                  userId: userId.trim(),
                  balanceType,
                  amount: hundredths,
                  reason,
                })
              : Promise.reject(new Error("invalid"))
          }
          onDone={() => {
            setAmount("");
            refresh();
          }}
        >
          <label className="ad-field" htmlFor={ids.user}>
            <span>{t`用户编号`}</span>
            <input
              id={ids.user}
              inputMode="numeric"
              value={userId}
              onChange={(e) => {
                setUserId(e.target.value);
              }}
            />
          </label>
          <label className="ad-field" htmlFor={ids.type}>
            <span>{t`余额`}</span>
            <select
              id={ids.type}
              value={balanceType}
              onChange={(e) => {
                setBalanceType(e.target.value === "WALLET" ? "WALLET" : "GOLD");
              }}
            >
              <option value="GOLD">{t`金币`}</option>
              <option value="WALLET">{t`钱包`}</option>
            </select>
          </label>
          <label className="ad-field" htmlFor={ids.amount}>
            <span>{t`金额（元，负数为扣减）`}</span>
            <input
              id={ids.amount}
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
              }}
              aria-invalid={amount !== "" && !valid}
            />
          </label>
        </ActForm>
      ) : null}
      <label className="ad-check">
        <input
          type="checkbox"
          checked={pending}
          onChange={(e) => {
            setPending(e.target.checked);
          }}
        />
        {t`只看待审批`}
      </label>
      <PagedTable
        label={t`余额调整`}
        list={list}
        size={SIZE}
        columns={columns}
        rowId={(a) => a.id}
        empty={t`还没有余额调整`}
      />
    </>
  );
}

export function Reconcile() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const errorText = useErrorText();
  const run = useQuery({
    queryKey: ["money", "reconcile"],
    queryFn: ({ signal }) => client.call("money.reconcile", {}, { signal }),
    enabled: false,
  });
  const checkedAt = run.data ? at(run.data.checkedAt) : "";
  const differences = run.data?.drift.length ?? 0;
  return (
    <div>
      <button
        type="button"
        className="ad-button ad-button--primary"
        disabled={run.isFetching}
        onClick={() => void run.refetch()}
      >
        {run.isFetching ? t`对账中…` : t`立即对账`}
      </button>
      {run.isError ? (
        <p className="ad-error" role="alert">
          {errorText(run.error)}
        </p>
      ) : null}
      {run.data ? (
        <div role="status">
          <p className={run.data.drift.length === 0 ? "ad-ok" : "ad-error"}>
            {run.data.drift.length === 0
              ? t`${checkedAt}：账目无差异`
              : t`${checkedAt}：${differences} 项检查有差异`}
          </p>
          <ul className="ad-list">
            {run.data.drift.map((d) => (
              <li key={d.check}>
                {d.check} · {d.rows} · <code>{d.sample}</code>
              </li>
            ))}
          </ul>
          <dl className="ad-facts">
            {Object.entries(run.data.totals).map(([account, total]) => (
              <div key={account}>
                <dt>{account}</dt>
                <dd>{money(total)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
