import { isApiError } from "@platform/api-client";
import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { ServerMessageKey } from "@platform/domain";
import type { Hundredths, TransferBalance } from "@platform/domain";
import { queryOptions, useMutation } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../app/mutation-events";
import type { MutationEvents } from "../../app/mutation-events";
import type { Wallet } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { moneyMoved, useSelfTransferMutation } from "../trade/queries/money";

/** The calls of the game lobby (a narrow slice, so tests can hand in a fake). */
export interface GameApi {
  readonly game: Pick<PlatformApi["game"], "userBalance" | "indexData" | "enterGameUrl">;
  readonly trade: Pick<PlatformApi["trade"], "userSelfTransfer">;
}

export type GameBalance = ResponseOf<"game.userBalance">;
export type GameLobbyData = ResponseOf<"game.indexData">;
export type LobbyGame = GameLobbyData["games"][number];
export type LobbyBanner = GameLobbyData["banners"][number];

export const gameKeys = {
  all: ["game"] as const,
  balance: () => [...gameKeys.all, "balance"] as const,
  /** The server names the games and their categories in the reader's language. */
  lobby: (locale: string) => [...gameKeys.all, "lobby", locale] as const,
};

/**
 * Gold, the game balance, its locked bonus and the bets still needed to unlock it: money, so read
 * again whenever the lobby is shown (back from a game too).
 */
export function gameBalanceQueryOptions(api: GameApi) {
  return queryOptions({
    queryKey: gameKeys.balance(),
    queryFn: ({ signal }) => api.game.userBalance({}, { signal }),
    staleTime: 0,
  });
}

/** The lobby's games, banners and notice, in the reader's language. */
export function gameLobbyQueryOptions(api: GameApi, locale: string) {
  return queryOptions({
    queryKey: gameKeys.lobby(locale),
    queryFn: ({ signal }) => api.game.indexData({}, { signal }),
  });
}

export interface GameCategory {
  readonly category: string;
  readonly games: readonly LobbyGame[];
}

/** The games by category, each category where its first game is in the server's order. */
export function gamesByCategory(games: readonly LobbyGame[]): GameCategory[] {
  const groups = new Map<string, LobbyGame[]>();
  for (const game of games) {
    const group = groups.get(game.category);
    if (group === undefined) groups.set(game.category, [game]);
    else group.push(game);
  }
  return [...groups].map(([category, list]) => ({ category, games: list }));
}

/**
 * Entering a game: the provider's address for it (quiet: the screen toasts a refusal). Nothing is
 * cached: the screen leaves for the address (`on.onSuccess`).
 */
export function useEnterGameMutation(on: MutationEvents<ResponseOf<"game.enterGameUrl">, LobbyGame> = {}) {
  const api = useApi();
  return useMutation({
    mutationFn: (game: LobbyGame) => api.game.enterGameUrl({ gameCode: game.gameCode }, { quiet: true }),
    onSuccess: (answer, game) => succeeded(on, answer, game),
    onError: (error, game) => failed(on, error, game),
  });
}

export interface GameTransferBody {
  readonly fromType: TransferBalance;
  readonly toType: TransferBalance;
  readonly amount: Hundredths;
}

/** The server's refusals of a transfer the form words in place (the rest are toasts). */
export const gameTransferRefusals: readonly string[] = [
  ServerMessageKey.gameWagerPending,
  ServerMessageKey.balanceTooLow,
];

/** Whether a transfer's refusal is one the form words in place (the balances moved meanwhile). */
export function isGameTransferRefusal(error: unknown): boolean {
  return isApiError(error) && error.msgKey !== null && gameTransferRefusals.includes(error.msgKey);
}

/**
 * Moving money between the gold and the game balance (quiet: refusals are the screen's; one
 * Idempotency-Key per intent). Done, the account wallet list takes the answer, then the game
 * balances and the money screens' data (the statement lists the gold moved) are read again;
 * refused in place, the game balances are read again.
 */
export function useGameTransferMutation(on: MutationEvents<Wallet, GameTransferBody> = {}) {
  const readBalancesAgain = (queryClient: QueryClient) =>
    queryClient.invalidateQueries({ queryKey: gameKeys.balance() });
  return useSelfTransferMutation(
    on,
    (queryClient) => Promise.all([readBalancesAgain(queryClient), moneyMoved(queryClient)]),
    async (queryClient, error) => {
      if (isGameTransferRefusal(error)) await readBalancesAgain(queryClient);
    },
  );
}
