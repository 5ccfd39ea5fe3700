import { useLingui } from "@lingui/react/macro";
import type { Hundredths } from "@platform/domain";
import { MoneyUnit, amountIn, unitName } from "@platform/i18n";
import type { ReactNode } from "react";
import { Dialog } from "../primitives/Dialog";
import "./PaymentConfirmDialog.css";

export interface PaymentConfirmDialogProps {
  readonly open: boolean;
  readonly title: ReactNode;
  /** What the gold pays for or where it goes, in one sentence (a plan and its days, a room's ticket). */
  readonly summary?: ReactNode;
  /** The gold that leaves, in hundredths. */
  readonly amount: Hundredths;
  /** The gold balance before, in hundredths. */
  readonly balance: Hundredths;
  /**
   * What comes with it, in numbers, stressed above the buttons: the bets required before the
   * money can move back, the days a permanent plan does not refund.
   */
  readonly condition?: ReactNode;
  /** The confirm button's label (default 'confirm and pay {amount}'). */
  readonly confirmLabel?: ReactNode;
  /** Confirming is in progress: the buttons wait. */
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /**
   * The gold does not cover the amount: the sheet says how much is missing and its button reads
   * 'go to recharge' and calls this.
   */
  readonly onRecharge?: () => void;
}

/**
 * The confirmation before gold is spent or moved (membership, a live room's ticket, gold into the
 * game): the amount, the gold balance now and after, and what comes with it, with cancel and
 * confirm. Nothing moves before the confirm button.
 */
export function PaymentConfirmDialog({
  open,
  title,
  summary,
  amount,
  balance,
  condition,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  onRecharge,
}: PaymentConfirmDialogProps) {
  const { t, i18n } = useLingui();
  const gold = (value: Hundredths) => amountIn(i18n, MoneyUnit.gold, value);
  const goldName = unitName(i18n, MoneyUnit.gold);
  const amountText = gold(amount);
  const short = onRecharge !== undefined && amount > balance;
  const shortBy = gold(amount - balance);
  return (
    <Dialog
      open={open}
      title={title}
      confirmLabel={short ? t`去充值` : (confirmLabel ?? t`确认支付 ${amountText}`)}
      busy={busy}
      onConfirm={short ? onRecharge : onConfirm}
      onCancel={onCancel}
    >
      {summary === undefined ? null : <p className="pf-pay-confirm__summary">{summary}</p>}
      <dl className="pf-pay-confirm__rows">
        <div className="pf-pay-confirm__row pf-pay-confirm__row--amount">
          <dt>{t`金额`}</dt>
          <dd data-testid="pay-confirm-amount">{amountText}</dd>
        </div>
        <div className="pf-pay-confirm__row">
          <dt>{t`${goldName}余额`}</dt>
          <dd data-testid="pay-confirm-balance">{gold(balance)}</dd>
        </div>
        <div className="pf-pay-confirm__row">
          <dt>{short ? t`还差` : t`支付后${goldName}余额`}</dt>
          <dd data-testid="pay-confirm-after">{short ? shortBy : gold(balance - amount)}</dd>
        </div>
      </dl>
      {condition === undefined || condition === null ? null : (
        <p className="pf-pay-confirm__condition" data-testid="pay-confirm-condition">
          {condition}
        </p>
      )}
    </Dialog>
  );
}
