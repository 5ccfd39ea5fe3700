import { useLingui } from "@lingui/react/macro";
import { formatAmount, unitsToHundredths, wallet } from "@platform/domain";
import { Button, Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { isLeavableUrl } from "./orders";
import { eepayBalanceQueryOptions, eepayEnterUrlQueryOptions } from "./queries/withdraw";
import { TradeCard } from "./TradeCard";
import { MoneyUnit, amountIn } from "@platform/i18n";
import { useApi } from "../../app/useApi";

/** The EE e-wallet: its balance (1 EE coin is 1 yuan), whether it is opened, and a way into its own pages. */
export function EeWalletSection() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const api = useApi();
  const balance = useQuery(eepayBalanceQueryOptions(api));
  const enter = useQuery(eepayEnterUrlQueryOptions(api));
  const oneCoin = amountIn(i18n, MoneyUnit.ee, 100);
  const rate = amountIn(i18n, MoneyUnit.yuan, unitsToHundredths(wallet.eeCoinPerYuan));

  let body;
  if (balance.data === undefined) {
    body = balance.isError ? (
      <RetryState compact message={errorText(balance.error)} onRetry={() => void balance.refetch()} />
    ) : (
      <SkeletonGroup label={t`EE 钱包加载中`}>
        <Skeleton height={24} width="40%" />
      </SkeletonGroup>
    );
  } else {
    const amount = formatAmount(balance.data.balance);
    body = (
      <>
        <p className="h5-trade-balance">
          <span className="h5-trade-balance__label">{t`EE 钱包余额`}</span>
          <span className="h5-trade-balance__value" data-testid="eepay-balance">
            {amount}
          </span>
        </p>
        <p className="h5-note">
          {balance.data.bound ? t`${oneCoin} = ${rate}` : t`尚未开通 EE 钱包，进入后即可开通`}
        </p>
      </>
    );
  }

  const url = enter.data?.url;
  return (
    <TradeCard title={t`EE 钱包`}>
      {body}
      {isLeavableUrl(url) ? (
        <a
          className="pf-button pf-button--secondary pf-button--sm"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t`进入 EE 钱包`}
        </a>
      ) : enter.isError ? (
        <Button variant="secondary" size="sm" onClick={() => void enter.refetch()}>
          {t`重新获取 EE 钱包入口`}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" busy={enter.isFetching} disabled>
          {t`进入 EE 钱包`}
        </Button>
      )}
    </TradeCard>
  );
}
