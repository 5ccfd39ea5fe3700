import { useLingui } from "@lingui/react/macro";
import { OrderTab, limits, validateCancelReason, wallet } from "@platform/domain";
import type { OrderAction } from "@platform/domain";
import { Button, Dialog, TextField, useMessageText, useToast } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { actionsOf } from "./orders";
import { useOrderActionMutation } from "./queries/orders";
import type { Order } from "./queries/orders";
import { useRefusals } from "./refusals";

/**
 * The buttons of an order (domain rules): cancel with a reason of at most 50 characters, urge a
 * reserved withdrawal waiting for its batch once ('urged' after; a refusal says why and what to do), withdraw again (→ /withdraw?retryOf=), confirm received. Each waits for its
 * answer; a refusal is toasted in the reader's language.
 */
export function OrderActions({ order }: { readonly order: Order }) {
  const { t } = useLingui();
  const text = useMessageText();
  const toast = useToast();
  const refusals = useRefusals();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const [urging, setUrging] = useState(false);
  const orderNum = order.orderNum;
  const bonusPercent = wallet.reservedBonusPercent;

  const act = useOrderActionMutation(orderNum, {
    onSuccess: async (_, { kind }) => {
      switch (kind) {
        case "urge":
          setUrging(false);
          toast.show(t`已催单，请耐心等待`, { tone: "success" });
          return;
        case "confirmReceived":
          toast.show(t`已确认收款`, { tone: "success" });
          return;
        case "cancel":
          setCancelling(false);
          toast.show(t`订单已取消`, { tone: "success" });
          return;
        case "withdrawAgain":
          await navigate({ to: "/withdraw", search: { retryOf: orderNum } });
          return;
      }
    },
    onError: (error, { kind }) => {
      refusals.toast(error);
      // A refused urge means the order moved on (sent, paid, cancelled): the hook reads it again.
      if (kind === "urge") setUrging(false);
    },
  });

  const actions = actionsOf(order);
  if (actions.length === 0) return null;

  const press = (action: OrderAction) => {
    if (act.isPending || !action.enabled) return;
    if (action.kind === "cancel") setCancelling(true);
    // A reserved withdrawal urged leaves its batch, and its bonus with it: said before it is done.
    else if (
      action.kind === "urge" &&
      order.orderType === OrderTab.WITHDRAW_ORDER &&
      order.timing === "RESERVED"
    )
      setUrging(true);
    else act.mutate({ kind: action.kind });
  };

  const hints = actions.flatMap((action) => (action.hint === undefined ? [] : [text(action.hint)]));
  return (
    <div className="h5-trade-actions">
      <div className="h5-actions">
        {actions.map((action) => (
          <Button
            key={action.kind}
            size="sm"
            variant={action.kind === "cancel" ? "secondary" : "primary"}
            disabled={!action.enabled || (act.isPending && act.variables.kind !== action.kind)}
            busy={act.isPending && act.variables.kind === action.kind}
            onClick={() => {
              press(action);
            }}
          >
            {text(action.label)}
          </Button>
        ))}
      </div>
      {hints.map((hint) => (
        <p key={hint} className="h5-note">
          {hint}
        </p>
      ))}
      {urging ? (
        <Dialog
          open
          title={t`催单`}
          confirmLabel={t`确认催单`}
          cancelLabel={t`继续等待批次`}
          busy={act.isPending}
          onCancel={() => {
            setUrging(false);
          }}
          onConfirm={() => {
            act.mutate({ kind: "urge" });
          }}
        >
          <p>{t`催单后，这笔预约提现将改为普通提现立即发出，不再获得预约提现的 ${bonusPercent}% 奖励。`}</p>
        </Dialog>
      ) : null}
      {cancelling ? (
        <CancelOrderDialog
          busy={act.isPending}
          onCancel={() => {
            setCancelling(false);
          }}
          onConfirm={(reason) => {
            act.mutate({ kind: "cancel", reason });
          }}
        />
      ) : null}
    </div>
  );
}

/** Asks why the order is cancelled: 0-50 characters (spec §5), with a counter; too long is refused here. */
function CancelOrderDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: (reason: string) => void;
}) {
  const { t } = useLingui();
  const text = useMessageText();
  const [reason, setReason] = useState("");
  const problem = validateCancelReason(reason);
  const length = Array.from(reason).length;
  const max = limits.cancelReasonMaxLength;
  return (
    <Dialog
      open
      title={t`取消订单`}
      confirmLabel={t`确认取消`}
      cancelLabel={t`暂不取消`}
      busy={busy}
      tone="danger"
      onCancel={onCancel}
      onConfirm={() => {
        if (problem === null) onConfirm(reason);
      }}
    >
      <TextField
        kind="textarea"
        rows={3}
        label={t`取消原因（选填）`}
        value={reason}
        onChange={setReason}
        showCount={false}
        hint={`${String(length)}/${String(max)}`}
        error={problem === null ? undefined : text(problem)}
      />
    </Dialog>
  );
}
