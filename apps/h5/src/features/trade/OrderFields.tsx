import { useLingui } from "@lingui/react/macro";
import { OrderTab, RechargeStatus, amountDifference, formatAmount } from "@platform/domain";
import type { ReactNode } from "react";
import { signedAmount, useTradeLabels } from "./labels";
import { OrderStatus, ReasonText } from "./OrderStatus";
import type { Order } from "./queries/orders";

interface Field {
  readonly key: string;
  readonly label: string;
  readonly value: ReactNode;
}

/** '—' for what the order does not have (yet). */
function orDash(value: string | null | undefined): string {
  return value == null || value === "" ? "—" : value;
}

/**
 * Every field of an order (spec §3): number, status, how it is paid (method, or withdraw type and
 * timing), the amounts (applied for, received, the difference, a reserved withdrawal's bonus),
 * payee, bank, card (masked as the server gives it), the reasons of a failure or a cancellation,
 * and the times.
 */
export function OrderFields({ order }: { readonly order: Order }) {
  const { t } = useLingui();
  const labels = useTradeLabels();
  const difference = amountDifference(order);
  const fields: Field[] = [
    { key: "orderNum", label: t`订单号`, value: order.orderNum },
    { key: "status", label: t`状态`, value: <OrderStatus order={order} /> },
  ];
  if (order.orderType === OrderTab.RECHARGE_ORDER) {
    fields.push({ key: "payMethod", label: t`支付方式`, value: labels.payMethod(order.payMethod) });
  } else {
    fields.push(
      { key: "withdrawType", label: t`提现方式`, value: labels.withdrawType(order.withdrawType) },
      { key: "timing", label: t`提现时效`, value: labels.timing(order.timing) },
    );
  }
  fields.push(
    { key: "applicationAmount", label: t`申请金额`, value: formatAmount(order.applicationAmount) },
    {
      key: "receivedAmount",
      label: t`到账金额`,
      value: order.receivedAmount === null ? "—" : formatAmount(order.receivedAmount),
    },
  );
  if (difference !== null && difference !== 0)
    fields.push({ key: "difference", label: t`金额差额`, value: signedAmount(difference) });
  if (order.orderType === OrderTab.WITHDRAW_ORDER && (order.timing === "RESERVED" || order.bonusAmount > 0))
    fields.push({ key: "bonus", label: t`预约奖励`, value: formatAmount(order.bonusAmount) });
  // Only the fields of the order's own type: a recharge has no payee or receiving bank (issue 37).
  if (order.orderType === OrderTab.WITHDRAW_ORDER)
    fields.push(
      { key: "payee", label: t`收款人`, value: orDash(order.payee) },
      { key: "bankName", label: t`收款银行`, value: orDash(order.bankName) },
      { key: "cardNumber", label: t`银行卡号`, value: orDash(order.cardNumber) },
    );
  if (order.failureReason !== null && order.failureReason !== "")
    fields.push({
      key: "failureReason",
      label: t`失败原因`,
      value: <ReasonText reason={order.failureReason} />,
    });
  if (order.orderType === OrderTab.RECHARGE_ORDER && order.cancelReason !== null && order.cancelReason !== "")
    fields.push({
      key: "cancelReason",
      label: t`取消原因`,
      value: <ReasonText reason={order.cancelReason} />,
    });
  fields.push(
    { key: "createTime", label: t`创建时间`, value: order.createTime },
    { key: "paymentTime", label: t`支付时间`, value: orDash(order.paymentTime) },
  );
  if (
    order.orderType === OrderTab.RECHARGE_ORDER &&
    order.status === RechargeStatus.PAYING &&
    order.expireTime !== null
  )
    fields.push({ key: "expireTime", label: t`支付截止`, value: order.expireTime });

  return (
    <dl className="h5-trade-fields">
      {fields.map((field) => (
        <div key={field.key} className="h5-trade-fields__row" data-field={field.key}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
