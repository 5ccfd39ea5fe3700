import { useLingui } from "@lingui/react/macro";
import { formatAmount } from "@platform/domain";
import { Skeleton, SkeletonGroup } from "@platform/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { TradeCard } from "../trade/TradeCard";
import type { GameBalance } from "./queries";
import { MoneyUnit, unitName } from "@platform/i18n";

/**
 * Gold, the game balance and the locked bonus (two decimals), and while bets are still required,
 * how much: until then the bonus stays locked and the game balance cannot go back to gold.
 */
export function GameBalances({ balance }: { readonly balance: UseQueryResult<GameBalance> }) {
  const { t, i18n } = useLingui();
  const goldName = unitName(i18n, MoneyUnit.gold);
  const errorText = useErrorText();
  const { data } = balance;
  if (data === undefined) {
    return (
      <TradeCard title={t`我的余额`}>
        {balance.isError ? (
          <RetryState
            compact
            message={errorText(balance.error)}
            onRetry={() => {
              void balance.refetch();
            }}
          />
        ) : (
          <SkeletonGroup label={t`余额加载中`} className="h5-figures h5-game-balances">
            {[1, 2, 3].map((n) => (
              <Skeleton key={n} height={56} radius={12} />
            ))}
          </SkeletonGroup>
        )}
      </TradeCard>
    );
  }
  // 'Balance to play' is the game balance and the bonus together, as the server defines it and a
  // game's page shows it (the same words as the sandbox game's).
  const figures = [
    { id: "gold", label: goldName, amount: data.gold },
    { id: "playable", label: t`可用余额`, amount: data.playable },
    { id: "game", label: t`游戏余额`, amount: data.game },
    { id: "bonus", label: t`待解锁奖金`, amount: data.gameBonus },
  ];
  // `due`, as the transfer form names it: its sentence is this one's when no bonus is left to unlock.
  const due = formatAmount(data.wagerRemaining);
  return (
    <TradeCard title={t`我的余额`}>
      <dl className="h5-figures h5-game-balances">
        {figures.map((figure) => (
          <div key={figure.id} className="h5-figures__item">
            <dt>{figure.label}</dt>
            <dd data-testid={`game-balance-${figure.id}`}>{formatAmount(figure.amount)}</dd>
          </div>
        ))}
      </dl>
      {data.wagerRemaining > 0 ? (
        <p className="h5-game-condition" data-testid="game-condition">
          {data.gameBonus > 0
            ? t`还需投注 ${due} 才能解锁奖金，并把游戏余额转回${goldName}`
            : t`还需投注 ${due} 才能把游戏余额转回${goldName}`}
        </p>
      ) : null}
    </TradeCard>
  );
}
