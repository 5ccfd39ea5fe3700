import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";

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
