import { useLingui } from "@lingui/react/macro";
import { useLingui as useI18n } from "@lingui/react";
import { mayDo } from "@platform/api-client/admin";
import type { Adjustment, OrderRow } from "@platform/api-client/admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useErrorText } from "../app/errors";
import { useClient, useOperator } from "../app/context";
import { money, when } from "../app/format";
import { ActForm } from "../components/ActForm";
import { DataTable } from "../components/DataTable";
import type { Columns } from "../components/DataTable";

const SIZE = 20;
type Tab = "recharge" | "withdraw" | "held" | "failed" | "adjustments" | "reconcile";

/**
 * The money desk: recharge and withdrawal orders with filters; payments held for an operator
 * (credit or refund); payouts whose job gave up (retry or return); manual adjustments (a second
 * finance operator approves those over the limit); reconcile on demand.
 */
export function Money() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>("recharge");
  const tabs: { key: Tab; label: string }[] = [
    { key: "recharge", label: t`充值订单` },
    { key: "withdraw", label: t`提现订单` },
    { key: "held", label: t`挂起的付款` },
    { key: "failed", label: t`失败的出款` },
    { key: "adjustments", label: t`余额调整` },
    { key: "reconcile", label: t`对账` },
  ];
  return (
    <section aria-labelledby="money-title">
      <h1 id="money-title">{t`资金`}</h1>
      <div role="tablist" className="ad-tabs" aria-label={t`资金`}>
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={tab === x.key}
            className="ad-tab"
            onClick={() => {
              setTab(x.key);
            }}
          >
            {x.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === "recharge" || tab === "withdraw" ? <Orders key={tab} kind={tab} /> : null}
        {tab === "held" ? <Held /> : null}
        {tab === "failed" ? <Failed /> : null}
        {tab === "adjustments" ? <Adjustments /> : null}
        {tab === "reconcile" ? <Reconcile /> : null}
      </div>
    </section>
  );
}

function useOrderColumns(): Columns<OrderRow> {
  const { t } = useLingui();
  const { i18n } = useI18n();
  return [
    { id: "orderNum", header: t`订单号`, accessorFn: (o) => o.orderNum },
    { id: "person", header: t`用户`, accessorFn: (o) => `${o.person.nickName} (${o.person.memberId})` },
    { id: "method", header: t`方式`, accessorFn: (o) => o.method },
    { id: "amount", header: t`金额`, accessorFn: (o) => money(o.amount) },
    {
      id: "settled",
      header: t`实际`,
      accessorFn: (o) => (o.settledAmount === null ? "—" : money(o.settledAmount)),
    },
    { id: "status", header: t`状态`, accessorFn: (o) => o.status },
    { id: "created", header: t`创建时间`, accessorFn: (o) => when(o.createdAt, i18n.locale) },
  ];
}

function Orders({ kind }: { readonly kind: "recharge" | "withdraw" }) {
  const { t } = useLingui();
  const client = useClient();
  const errorText = useErrorText();
  const columns = useOrderColumns();
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ["money", kind, status, search, page],
    queryFn: ({ signal }) =>
      client.call("money.orders", { kind, status, search, page, size: SIZE }, { signal }),
  });
  return (
    <>
      <div className="ad-filters">
        <label className="ad-field">
          <span>{t`订单号、手机号、会员号或昵称`}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="ad-field">
          <span>{t`状态`}</span>
          <input
            value={status}
            placeholder="PAYMENT_SUCCESSFUL"
            onChange={(e) => {
              setStatus(e.target.value.trim());
              setPage(1);
            }}
          />
        </label>
      </div>
      {list.isError ? (
        <p className="ad-error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable
        label={kind === "recharge" ? t`充值订单` : t`提现订单`}
        columns={columns}
        rows={list.data?.items ?? []}
        rowId={(o) => o.orderNum}
        loading={list.isPending}
        empty={t`没有符合条件的订单`}
        paging={{ page, size: SIZE, total: list.data?.total ?? 0, onPage: setPage }}
      />
    </>
  );
}

/** A list of orders an operator decides on, with the decision's acts beside the chosen one. */
function Decided({
  name,
  load,
  empty,
  acts,
}: {
  readonly name: string;
  readonly load: (page: number, signal: AbortSignal) => Promise<{ items: OrderRow[]; total: number }>;
  readonly empty: string;
  readonly acts: (order: OrderRow, done: () => void) => React.ReactNode;
}) {
  const queries = useQueryClient();
  const columns = useOrderColumns();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<OrderRow | null>(null);
  const list = useQuery({ queryKey: ["money", name, page], queryFn: ({ signal }) => load(page, signal) });
  const done = () => {
    setChosen(null);
    void queries.invalidateQueries({ queryKey: ["money"] });
  };
  return (
    <div className="ad-split">
      <DataTable
        label={name}
        columns={columns}
        rows={list.data?.items ?? []}
        rowId={(o) => o.orderNum}
        loading={list.isPending}
        empty={empty}
        selected={chosen?.orderNum ?? null}
        onSelect={setChosen}
        paging={{ page, size: SIZE, total: list.data?.total ?? 0, onPage: setPage }}
      />
      {chosen === null ? null : (
        <article className="ad-detail">
          <h2>{chosen.orderNum}</h2>
          {acts(chosen, done)}
        </article>
      )}
    </div>
  );
}

function useMayAct(): boolean {
  const me = useOperator();
  return me !== null && mayDo(me.role, "moneyAct");
}

function Held() {
  const { t } = useLingui();
  const client = useClient();
  const mayAct = useMayAct();
  return (
    <Decided
      name={t`挂起的付款`}
      empty={t`没有挂起的付款`}
      load={(page, signal) => client.call("money.held", { page, size: SIZE }, { signal })}
      acts={(order, done) =>
        mayAct ? (
          <div className="ad-acts">
            <HeldAmounts order={order} />
            <ActForm
              label={t`入账到用户金币`}
              needsReason
              act={(reason) => client.call("money.creditHeld", { orderNum: order.orderNum, reason })}
              onDone={done}
            />
            <ActForm
              label={t`原路退款`}
              tone="danger"
              needsReason
              act={(reason) => client.call("money.refundHeld", { orderNum: order.orderNum, reason })}
              onDone={done}
            />
          </div>
        ) : null
      }
    />
  );
}

function Failed() {
  const { t } = useLingui();
  const client = useClient();
  const mayAct = useMayAct();
  return (
    <Decided
      name={t`失败的出款`}
      empty={t`没有失败的出款`}
      load={(page, signal) => client.call("money.failedPayouts", { page, size: SIZE }, { signal })}
      acts={(order, done) =>
        mayAct ? (
          <div className="ad-acts">
            <ActForm
              label={t`重新出款`}
              needsReason
              act={(reason) => client.call("money.retryPayout", { orderNum: order.orderNum, reason })}
              onDone={done}
            />
            <ActForm
              label={t`退回用户金币`}
              tone="danger"
              needsReason
              act={(reason) => client.call("money.returnPayout", { orderNum: order.orderNum, reason })}
              onDone={done}
            />
          </div>
        ) : null
      }
    />
  );
}

function Adjustments() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const client = useClient();
  const me = useOperator();
  const queries = useQueryClient();
  const errorText = useErrorText();
  const mayAct = useMayAct();
  const [pending, setPending] = useState(false);
  const [page, setPage] = useState(1);
  const [userId, setUserId] = useState("");
  const [amount, setAmount] = useState("");
  const [balanceType, setBalanceType] = useState<"GOLD" | "WALLET">("GOLD");
  const ids = { user: useId(), amount: useId(), type: useId() };
  const list = useQuery({
    queryKey: ["money", "adjustments", pending, page],
    queryFn: ({ signal }) => client.call("money.adjustments", { pending, page, size: SIZE }, { signal }),
  });
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
    { id: "at", header: t`时间`, accessorFn: (a) => when(a.createdAt, i18n.locale) },
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
            setPage(1);
          }}
        />
        {t`只看待审批`}
      </label>
      {list.isError ? (
        <p className="ad-error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable
        label={t`余额调整`}
        columns={columns}
        rows={list.data?.items ?? []}
        rowId={(a) => a.id}
        loading={list.isPending}
        empty={t`还没有余额调整`}
        paging={{ page, size: SIZE, total: list.data?.total ?? 0, onPage: setPage }}
      />
    </>
  );
}

/** What a held payment was ordered for and what was paid. */
function HeldAmounts({ order }: { readonly order: OrderRow }) {
  const { t } = useLingui();
  const ordered = money(order.amount);
  const paid = money(order.settledAmount ?? 0);
  return <p>{t`下单 ${ordered}，实付 ${paid}`}</p>;
}

function Reconcile() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const client = useClient();
  const errorText = useErrorText();
  const run = useQuery({
    queryKey: ["money", "reconcile"],
    queryFn: ({ signal }) => client.call("money.reconcile", {}, { signal }),
    enabled: false,
  });
  const checkedAt = run.data ? when(run.data.checkedAt, i18n.locale) : "";
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
