import { useLingui } from "@lingui/react/macro";
import { RechargeStatus } from "@platform/domain";
import { Button, useToast } from "@platform/ui";
import { isLeavableUrl } from "./orders";
import type { RechargeOrder } from "./queries/orders";
import { useConfirmPaidMutation } from "./queries/recharge";
import { useRefusals } from "./refusals";

/**
 * A recharge still being paid: 'continue to pay' (the provider's page again) and 'I have paid',
 * which makes the server ask the provider now and answers with the order as it then stands.
 */
export function PayingControls({ order }: { readonly order: RechargeOrder }) {
  const { t } = useLingui();
  const refusals = useRefusals();
  const toast = useToast();
  // A status that moved money shows only with the balances fetched again (never the old gold).
  const confirm = useConfirmPaidMutation(order.orderNum, {
    onSuccess: (answer) => {
      // The provider has not seen the money yet: say so, rather than nothing happening.
      if (answer.status === RechargeStatus.PAYING) toast.show(t`暂未收到付款，完成支付后请再试`);
    },
    onError: (error) => {
      refusals.toast(error);
    },
  });
  if (order.status !== RechargeStatus.PAYING) return null;
  const payUrl = order.payUrl;
  return (
    <div className="h5-actions">
      <Button
        size="sm"
        busy={confirm.isPending}
        onClick={() => {
          confirm.mutate();
        }}
      >
        {t`我已支付`}
      </Button>
      {isLeavableUrl(payUrl) ? (
        <a className="pf-button pf-button--secondary pf-button--sm" href={payUrl}>
          {t`继续支付`}
        </a>
      ) : null}
    </div>
  );
}
