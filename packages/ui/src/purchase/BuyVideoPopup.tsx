import { Trans, useLingui } from "@lingui/react/macro";
import { buyButtonLabel, buyButtonState, discountPercent, memberPrice } from "@platform/domain";
import { MoneyUnit, amountIn, unitName } from "@platform/i18n";
import type { Hundredths, VideoPrice } from "@platform/domain";
import { useMessageText } from "../i18n";
import { BottomPopup } from "../primitives/BottomPopup";
import { Button } from "../primitives/Button";
import "./BuyVideoPopup.css";

export interface BuyVideoPopupProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /**
   * The video's price (hundredths) with its member discount and the server's benefit amount (the
   * price this viewer pays: the member price for a member, the full price for anyone else).
   */
  readonly price: VideoPrice;
  readonly isMember: boolean;
  /** The gold balance, in hundredths. */
  readonly goldBalance: Hundredths;
  /** The purchase is in progress: the buttons wait and the popup stays. */
  readonly busy?: boolean;
  readonly onBuy: () => void;
  /** The balance is too small: the main button reads 'goto recharge' and calls this. */
  readonly onRecharge: () => void;
  readonly videoTitle?: string;
  /** Opened after the preview ended (the cover's 'buy the full video'): the sheet says so first. */
  readonly trialEnded?: boolean;
}

/**
 * The one buy sheet of a video, whatever led to it (spec §2's buy-video popup; after the preview
 * ended it is the trial-ended popup too, saying so first): original price, member discount price
 * (what a member pays, with
 * the percentage off, shown to members and non-members alike), gold balance, cancel and buy. The
 * price this viewer pays is highlighted, the other struck out for members. The buy button reads
 * 'goto recharge' when the balance does not cover what this viewer pays (`buyButtonState`).
 */
export function BuyVideoPopup({
  open,
  onClose,
  price,
  isMember,
  goldBalance,
  busy = false,
  onBuy,
  onRecharge,
  videoTitle,
  trialEnded = false,
}: BuyVideoPopupProps) {
  const { t, i18n } = useLingui();
  const text = useMessageText();
  // A video is paid in gold: its prices and the balance are written in gold's unit (units.ts).
  const gold = (value: number) => amountIn(i18n, MoneyUnit.gold, value);
  const goldName = unitName(i18n, MoneyUnit.gold);
  const state = buyButtonState(goldBalance, price, isMember);
  const original = gold(price.amount);
  // What a member pays, shown to everyone: a non-member's benefit amount is their own full price.
  const member = gold(memberPrice(price, isMember));
  const balance = gold(goldBalance);
  // The percentage off, to members and non-members alike (spec §9), when there is a discount.
  const percent = discountPercent(price.discount);
  // The row of what this viewer pays: the member price for members, else the original price.
  const memberApplies = isMember;
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <BottomPopup open={open} onClose={close} title={t`购买视频`}>
      {trialEnded ? (
        <p className="pf-buy__trial-ended">
          <Trans>试看已结束，购买后即可观看完整视频</Trans>
        </p>
      ) : null}
      {videoTitle ? <p className="pf-buy__video-title">{videoTitle}</p> : null}
      <dl className="pf-buy__rows">
        <div className={`pf-buy__row ${memberApplies ? "pf-buy__row--muted" : "pf-buy__row--applies"}`}>
          <dt>
            <Trans>原价</Trans>
          </dt>
          <dd className="pf-buy__price" data-testid="buy-original">
            {original}
          </dd>
        </div>
        <div className={`pf-buy__row ${memberApplies ? "pf-buy__row--applies" : ""}`}>
          <dt>
            <Trans>会员折扣价</Trans>
          </dt>
          <dd className="pf-buy__price" data-testid="buy-member">
            {member}
            {percent === null ? null : (
              <span className="pf-buy__discount">
                <Trans>省 {percent}%</Trans>
              </span>
            )}
          </dd>
        </div>
        <div className="pf-buy__row">
          <dt>{t`${goldName}余额`}</dt>
          <dd className="pf-buy__balance" data-testid="buy-balance">
            {balance}
          </dd>
        </div>
      </dl>
      <div className="pf-buy__actions">
        <Button variant="secondary" onClick={close} disabled={busy}>
          <Trans>取消</Trans>
        </Button>
        <Button
          variant={state === "buy" ? "primary" : "gold"}
          busy={busy}
          onClick={state === "buy" ? onBuy : onRecharge}
          data-autofocus
        >
          {text(buyButtonLabel(state))}
        </Button>
      </div>
    </BottomPopup>
  );
}
