import { useLingui } from "@lingui/react/macro";
import { Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Page } from "../../components/Page";
import { GameBalances } from "./GameBalances";
import { GameLobby, LobbyNews, useLobby } from "./GameLobby";
import { GameTransfer } from "./GameTransfer";
import { gameBalanceQueryOptions } from "./queries";
import "./game.css";
import { useApi } from "../../app/useApi";
import { useSettled } from "../../app/settled";

/**
 * /game (the tab bar's 'game', Step 16, decision 0021): the lobby's notice and banners; the gold,
 * game balance and locked bonus with the bets still needed to unlock it; the games by category —
 * tapping one leaves for the provider's page —; and moving gold into the game and back.
 */
export function GameScreen() {
  const { t } = useLingui();
  const api = useApi();
  const balance = useQuery(gameBalanceQueryOptions(api));
  const lobby = useLobby();
  // The notice and banners sit above the balances and the games: the screen shows once the lobby
  // and the balances are settled (each says so itself if it failed), so nothing is pushed down.
  const ready = useSettled(lobby, balance);
  if (!ready) {
    return (
      <Page title={t`游戏`} tabs>
        <SkeletonGroup label={t`游戏加载中`} className="h5-trade">
          <Skeleton height={120} radius={16} />
          <Skeleton height={96} radius={12} />
          <Skeleton height={220} radius={16} />
        </SkeletonGroup>
      </Page>
    );
  }
  return (
    <Page title={t`游戏`} tabs>
      <div className="h5-trade">
        <LobbyNews lobby={lobby} />
        <GameBalances balance={balance} />
        <GameLobby lobby={lobby} />
        {balance.data === undefined ? null : <GameTransfer balance={balance.data} />}
      </div>
    </Page>
  );
}
