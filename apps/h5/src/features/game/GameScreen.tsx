import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Page } from "../../components/Page";
import { GameBalances } from "./GameBalances";
import { GameLobby, LobbyNews } from "./GameLobby";
import { GameTransfer } from "./GameTransfer";
import { gameBalanceQueryOptions } from "./queries";
import "./game.css";
import { useApi } from "../../app/useApi";

/**
 * /game (the tab bar's 'game', Step 16, decision 0021): the lobby's notice and banners; the gold,
 * game balance and locked bonus with the bets still needed to unlock it; the games by category —
 * tapping one leaves for the provider's page —; and moving gold into the game and back.
 */
export function GameScreen() {
  const { t } = useLingui();
  const api = useApi();
  const balance = useQuery(gameBalanceQueryOptions(api));
  return (
    <Page title={t`游戏`} tabs>
      <div className="h5-trade">
        <LobbyNews />
        <GameBalances balance={balance} />
        <GameLobby />
        {balance.data === undefined ? null : <GameTransfer balance={balance.data} />}
      </div>
    </Page>
  );
}
