import { useLingui } from "@lingui/react/macro";
import { mayDo } from "@platform/api-client/admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  ActForm,
  PagedTable,
  Waiting,
  money,
  nextSort,
  useClient,
  useOperator,
  usePagedList,
  useWhen,
} from "../app/kit";
import type { Columns, ListSort } from "../app/kit";
import type { AdminRequest } from "@platform/api-client/admin";

type PeopleSort = AdminRequest<"people.search">["sort"];

const SIZE = 20;

/** People: search by phone, member ID or nickname; a person's profile, money and sessions, and what support does for them. */
export function People() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [sort, setSort] = useState<ListSort | undefined>(undefined);
  const list = usePagedList(["people", search, sort], (page, signal) =>
    client.call("people.search", { search, page, size: SIZE, sort: sort as PeopleSort }, { signal }),
  );
  type Row = NonNullable<typeof list.query.data>["items"][number];
  const columns: Columns<Row> = [
    { id: "id", header: t`编号`, accessorFn: (p) => p.id },
    { id: "nickName", header: t`昵称`, accessorFn: (p) => p.nickName },
    { id: "memberId", header: t`会员号`, accessorFn: (p) => p.memberId },
    { id: "mobile", header: t`手机号`, accessorFn: (p) => p.mobile },
    {
      id: "state",
      header: t`状态`,
      accessorFn: (p) => (p.deletedAt ? t`已注销` : p.bannedAt ? t`已封禁` : t`正常`),
    },
    { id: "createdAt", header: t`注册时间`, accessorFn: (p) => at(p.createdAt) },
  ];
  return (
    <section aria-labelledby="people-title" className="ad-split">
      <div>
        <h1 id="people-title">{t`用户`}</h1>
        <label className="ad-field">
          <span>{t`搜索手机号（或后四位）、会员号、昵称`}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
            }}
          />
        </label>
        <PagedTable
          label={t`用户`}
          list={list}
          size={SIZE}
          columns={columns}
          rowId={(p) => p.id}
          empty={t`没有找到用户`}
          selected={chosen}
          onSelect={(p) => {
            setChosen(p.id);
          }}
          sorting={{
            columns: ["id", "nickName", "createdAt"],
            sort,
            onSort: (by) => {
              setSort(nextSort(sort, by));
            },
          }}
        />
      </div>
      {chosen === null ? (
        <p className="ad-muted">{t`选择一位用户查看详情`}</p>
      ) : (
        <Person key={chosen} userId={chosen} />
      )}
    </section>
  );
}

function Person({ userId }: { readonly userId: string }) {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const me = useOperator();
  const queries = useQueryClient();
  const profile = useQuery({
    queryKey: ["person", userId],
    queryFn: ({ signal }) => client.call("people.profile", { userId }, { signal }),
  });
  const statement = useQuery({
    queryKey: ["person", userId, "statement"],
    queryFn: ({ signal }) => client.call("people.statement", { userId, page: 1, size: 20 }, { signal }),
  });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ["person", userId] });
    void queries.invalidateQueries({ queryKey: ["people"] });
  };
  if (!profile.data) return <Waiting query={profile} />;
  const p = profile.data;
  const acts = me !== null && mayDo(me.role, "peopleAct");
  const banReason = p.banReason ?? "";
  const vipUntil = at(p.vipExpiresAt);
  return (
    <article className="ad-detail" aria-labelledby="person-title">
      <h2 id="person-title">
        {p.nickName} · {p.memberId}
      </h2>
      {p.bannedAt ? <p className="ad-error">{t`已封禁：${banReason}`}</p> : null}
      <dl className="ad-facts">
        <dt>{t`手机号`}</dt>
        <dd>{p.mobile}</dd>
        <dt>{t`超级会员`}</dt>
        <dd>{p.vipPermanent ? t`永久` : p.vipExpiresAt ? t`至 ${vipUntil}` : t`否`}</dd>
        <dt>{t`金币`}</dt>
        <dd data-testid="balance-gold">{money(p.balances.GOLD)}</dd>
        <dt>{t`钱包`}</dt>
        <dd>{money(p.balances.WALLET)}</dd>
        <dt>{t`游戏余额`}</dt>
        <dd>{money(p.balances.GAME)}</dd>
        <dt>{t`登录锁定`}</dt>
        <dd>{p.lockedOut ? t`是` : t`否`}</dd>
        <dt>{t`在线会话`}</dt>
        <dd>{p.sessions.length}</dd>
        <dt>{t`身份卡`}</dt>
        <dd>{p.identityCard ? at(p.identityCard.createdAt) : "—"}</dd>
      </dl>
      <h3>{t`最近设备`}</h3>
      <ul className="ad-list">
        {p.devices.map((d) => (
          <li key={d.at}>
            {at(d.at)} · {d.platform} · {d.address ?? "—"}
          </li>
        ))}
      </ul>
      {acts ? (
        <div className="ad-acts">
          {p.bannedAt ? (
            <ActForm
              label={t`解除封禁`}
              needsReason
              act={(reason) => client.call("people.unban", { userId, reason })}
              onDone={refresh}
            />
          ) : (
            <ActForm
              label={t`封禁`}
              tone="danger"
              needsReason
              reasonLabel={t`封禁原因（用户登录时会看到）`}
              act={(reason) => client.call("people.ban", { userId, reason })}
              onDone={refresh}
            />
          )}
          <ActForm
            label={t`退出所有设备`}
            needsReason
            act={(reason) => client.call("people.signOut", { userId, reason })}
            onDone={refresh}
          />
          <ActForm
            label={t`重新生成身份卡`}
            needsReason
            act={(reason) => client.call("people.regenerateCard", { userId, reason })}
            onDone={refresh}
          />
          <ActForm
            label={t`解除登录锁定`}
            needsReason
            act={(reason) => client.call("people.unlock", { userId, reason })}
            onDone={refresh}
          />
        </div>
      ) : null}
      <PersonOrders userId={userId} />
      <h3>{t`账单`}</h3>
      <table className="ad-table">
        <caption className="pf-visually-hidden">{t`账单`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`时间`}</th>
            <th scope="col">{t`类型`}</th>
            <th scope="col">{t`余额`}</th>
            <th scope="col">{t`金额`}</th>
            <th scope="col">{t`变动后`}</th>
          </tr>
        </thead>
        <tbody>
          {(statement.data?.items ?? []).map((line) => (
            <tr key={`${line.journalId}:${line.balanceType}`}>
              <td>{at(line.at)}</td>
              <td>{line.kind}</td>
              <td>{line.balanceType}</td>
              <td>{money(line.amount, true)}</td>
              <td>{money(line.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** A person's recharges and withdrawals, newest first, five of each. */
function PersonOrders({ userId }: { readonly userId: string }) {
  const { t } = useLingui();
  const client = useClient();
  const at = useWhen();
  const orders = useQuery({
    queryKey: ["person", userId, "orders"],
    queryFn: async ({ signal }) => {
      const [recharges, withdrawals] = await Promise.all(
        (["recharge", "withdraw"] as const).map((kind) =>
          client.call("people.orders", { userId, kind, page: 1, size: 5 }, { signal }),
        ),
      );
      return [...(recharges?.items ?? []), ...(withdrawals?.items ?? [])];
    },
  });
  return (
    <>
      <h3>{t`最近订单`}</h3>
      <ul className="ad-list">
        {(orders.data ?? []).map((o) => (
          <li key={o.orderNum}>
            {at(o.createdAt)} · {o.kind === "recharge" ? t`充值` : t`提现`} · {money(o.amount)} · {o.status} ·{" "}
            <code>{o.orderNum}</code>
          </li>
        ))}
        {orders.data?.length === 0 ? <li className="ad-muted">{t`还没有订单`}</li> : null}
      </ul>
    </>
  );
}
