import { useLingui } from "@lingui/react/macro";
import { AccountType, OrderTab, formatAmount, walletBalanceOf } from "@platform/domain";
import { PageHeader, Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi, useRouter } from "@tanstack/react-router";
import { AppTabBar } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { EeWalletSection } from "./EeWalletSection";
import { TradeCard } from "./TradeCard";
import { useTradeLabels } from "./labels";
import { RechargeResult } from "./RechargeResult";
import { RechargeSection } from "./RechargeSection";
import { payConfigQueryOptions } from "./queries/recharge";
import { eepayBalanceQueryOptions } from "./queries/withdraw";
import { StatementSection } from "./StatementSection";
import { TransferSection } from "./TransferSection";
import "./TradeCard.css";
import "./trade.css";
import { walletQueryOptions } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { useSettled } from "../../app/settled";

const route = getRouteApi("/trade");

/**
 * /trade: the balances, recharging gold (then the provider's page), the result of a recharge the
 * provider sent the browser back from (?orderNum=), moving money between wallet and gold, the EE
 * wallet and the statement. Opened with ?from=<path> (the buy popup's 'goto recharge', the 'my'
 * panel) its header's back returns there; without it, home.
 */
export function TradeScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const { orderNum, from } = route.useSearch();
  const api = useApi();
  // The balances, the payment methods and the EE wallet stack above one another: the screen's
  // cards show once the three are settled (each says so itself if it failed), so none of them is
  // pushed down under the person's finger when another arrives (CLS).
  const ready = useSettled(
    useQuery(walletQueryOptions(api)),
    useQuery(payConfigQueryOptions(api)),
    useQuery(eepayBalanceQueryOptions(api)),
  );
  return (
    <div className="h5-page h5-page--tabs">
      <PageHeader
        title={t`交易`}
        onBack={() => {
          // Always a way back (a recharge's result and a cold /trade too): where it was opened
          // from, else home.
          void router.navigate({ href: from ?? "/" });
        }}
      />
      <main id="main" className="h5-main" tabIndex={-1}>
        <div className="h5-trade">
          {orderNum === undefined ? null : (
            <RechargeResult orderNum={orderNum} from={from} balancesShown={ready} />
          )}
          {ready ? <TradeCards /> : <TradeSkeleton />}
        </div>
      </main>
      <AppTabBar />
    </div>
  );
}

function TradeSkeleton() {
  const { t } = useLingui();
  return (
    <SkeletonGroup label={t`余额加载中`}>
      <Skeleton height={120} radius={16} />
      <Skeleton height={44} radius={12} />
      <Skeleton height={320} radius={16} />
    </SkeletonGroup>
  );
}

/** The screen's cards: balances, links, recharge, transfer, EE wallet, statement. */
function TradeCards() {
  const { t } = useLingui();
  return (
    <>
      <Balances />
      <nav className="h5-trade-links h5-trade-links--nav" aria-label={t`资金服务`}>
        <Link to="/ordermanage" search={{ tab: OrderTab.RECHARGE_ORDER }}>
          {t`订单管理`}
        </Link>
        <Link to="/withdraw">{t`提现`}</Link>
        <Link to="/cardmanage">{t`银行卡管理`}</Link>
      </nav>
      <RechargeSection />
      <TransferWithBalances />
      <EeWalletSection />
      <StatementSection />
    </>
  );
}

/** The gold and wallet balances, two decimals. */
function Balances() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const labels = useTradeLabels();
  const api = useApi();
  const wallet = useQuery(walletQueryOptions(api));
  let body;
  if (wallet.data === undefined) {
    body = wallet.isError ? (
      <RetryState compact message={errorText(wallet.error)} onRetry={() => void wallet.refetch()} />
    ) : (
      <SkeletonGroup label={t`余额加载中`} className="h5-figures h5-trade-balances">
        <Skeleton height={48} radius={12} />
        <Skeleton height={48} radius={12} />
      </SkeletonGroup>
    );
  } else {
    body = (
      <dl className="h5-figures h5-trade-balances">
        {[AccountType.GOLD, AccountType.WALLET].map((type) => (
          <div key={type} className="h5-figures__item">
            <dt>{labels.balance(type)}</dt>
            <dd data-testid={`balance-${type}`}>{formatAmount(walletBalanceOf(wallet.data, type))}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return <TradeCard title={t`我的余额`}>{body}</TradeCard>;
}

function TransferWithBalances() {
  const api = useApi();
  const wallet = useQuery(walletQueryOptions(api));
  return <TransferSection balances={wallet.data} />;
}
