import { Trans, useLingui } from "@lingui/react/macro";
import { formatAmount, payablePrice } from "@platform/domain";
import type { VideoPrice } from "@platform/domain";
import { BottomPopup } from "../primitives/BottomPopup";
import { Button } from "../primitives/Button";
import "./TrialEndedPopup.css";

export interface TrialEndedPopupProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly price: VideoPrice;
  readonly isMember: boolean;
  readonly onBuy: () => void;
  readonly busy?: boolean;
}

/** The trial-ended popup (spec §2): the trial is over, and a button buys the video at its price. */
export function TrialEndedPopup({
  open,
  onClose,
  price,
  isMember,
  onBuy,
  busy = false,
}: TrialEndedPopupProps) {
  const { t } = useLingui();
  const amount = formatAmount(payablePrice(price, isMember));
  return (
    <BottomPopup open={open} onClose={onClose} title={t`试看结束`}>
      <p className="pf-trial-ended__text">
        <Trans>购买后即可观看完整视频</Trans>
      </p>
      <Button block busy={busy} onClick={onBuy} data-autofocus>
        {t`¥${amount} 购买`}
      </Button>
    </BottomPopup>
  );
}
