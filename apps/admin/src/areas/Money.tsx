import { useLingui } from "@lingui/react/macro";
import type { OrderRow } from "@platform/api-client/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Adjustments, Reconcile } from "./MoneyBooks";
import { SIZE, useMayAct } from "./money-shared";
import { ActForm, PagedTable, money, useClient, usePagedList, useWhen, nextSort } from "../app/kit";
import type { Columns, ListSort } from "../app/kit";
import type { AdminRequest } from "@platform/api-client/admin";

type OrdersSort = AdminRequest<"money.orders">["sort"];

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
  const at = useWhen();
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
    { id: "createdAt", header: t`创建时间`, accessorFn: (o) => at(o.createdAt) },
  ];
}

function Orders({ kind }: { readonly kind: "recharge" | "withdraw" }) {
  const { t } = useLingui();
  const client = useClient();
  const columns = useOrderColumns();
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ListSort | undefined>(undefined);
  const list = usePagedList(["money", kind, status, search, sort], (page, signal) =>
    client.call(
      "money.orders",
      { kind, status, search, page, size: SIZE, sort: sort as OrdersSort },
      { signal },
    ),
  );
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
            }}
          />
        </label>
      </div>
      <PagedTable
        label={kind === "recharge" ? t`充值订单` : t`提现订单`}
        list={list}
        size={SIZE}
        columns={columns}
        rowId={(o) => o.orderNum}
        empty={t`没有符合条件的订单`}
        sorting={{
          columns: ["createdAt", "amount", "status"],
          sort,
          onSort: (by) => {
            setSort(nextSort(sort, by));
          },
        }}
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
  const [chosen, setChosen] = useState<OrderRow | null>(null);
  const list = usePagedList(["money", name], load);
  const done = () => {
    setChosen(null);
    void queries.invalidateQueries({ queryKey: ["money"] });
  };
  return (
    <div className="ad-split">
      <PagedTable
        label={name}
        list={list}
        size={SIZE}
        columns={columns}
        rowId={(o) => o.orderNum}
        empty={empty}
        selected={chosen?.orderNum ?? null}
        onSelect={setChosen}
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

/** The two acts on an order of a decision list: the first does it, the second (red) gives the money back. */
type OrderAct = "money.creditHeld" | "money.refundHeld" | "money.retryPayout" | "money.returnPayout";

function decisionActs(
  acts: readonly [{ label: string; call: OrderAct }, { label: string; call: OrderAct }],
  note?: (order: OrderRow) => React.ReactNode,
) {
  return function DecisionActs({ order, done }: { readonly order: OrderRow; readonly done: () => void }) {
    const client = useClient();
    if (!useMayAct()) return null;
    return (
      <div className="ad-acts">
        {note?.(order)}
        {acts.map((act, i) => (
          <ActForm
            key={act.call}
            label={act.label}
            tone={i === 0 ? "primary" : "danger"}
            needsReason
            act={(reason) => client.call(act.call, { orderNum: order.orderNum, reason })}
            onDone={done}
          />
        ))}
      </div>
    );
  };
}

function Held() {
  const { t } = useLingui();
  const client = useClient();
  // One component type for the list's life (a new one each render would reset a reason being typed).
  const Acts = useMemo(
    () =>
      decisionActs(
        [
          { label: t`入账到用户金币`, call: "money.creditHeld" },
          { label: t`原路退款`, call: "money.refundHeld" },
        ],
        (order) => <HeldAmounts order={order} />,
      ),
    [t],
  );
  return (
    <Decided
      name={t`挂起的付款`}
      empty={t`没有挂起的付款`}
      load={(page, signal) => client.call("money.held", { page, size: SIZE }, { signal })}
      acts={(order, done) => <Acts order={order} done={done} />}
    />
  );
}

function Failed() {
  const { t } = useLingui();
  const client = useClient();
  const Acts = useMemo(
    () =>
      decisionActs([
        { label: t`重新出款`, call: "money.retryPayout" },
        { label: t`退回用户金币`, call: "money.returnPayout" },
      ]),
    [t],
  );
  return (
    <Decided
      name={t`失败的出款`}
      empty={t`没有失败的出款`}
      load={(page, signal) => client.call("money.failedPayouts", { page, size: SIZE }, { signal })}
      acts={(order, done) => <Acts order={order} done={done} />}
    />
  );
}

/** What a held payment was ordered for and what was paid. */
function HeldAmounts({ order }: { readonly order: OrderRow }) {
  const { t } = useLingui();
  const ordered = money(order.amount);
  const paid = money(order.settledAmount ?? 0);
  return <p>{t`下单 ${ordered}，实付 ${paid}`}</p>;
}
