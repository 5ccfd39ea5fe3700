import { ApiError } from "@platform/api-client";
import type { RequestOf } from "@platform/api-client";
import { formatAmount, wageringAfterExchange } from "@platform/domain";
import { vi } from "vitest";
import type { GameBalance, GameLobbyData } from "../queries";

/** The seeded lobby as the server names it in Chinese, with a third game without an icon. */
export const chineseLobby: GameLobbyData = {
  games: [
    { gameCode: "dice", name: "幸运骰子", iconUrl: "/api/game/art/dice.svg", category: "休闲" },
    { gameCode: "big-dice", name: "豪华骰子", iconUrl: "/api/game/art/big-dice.svg", category: "热门" },
    { gameCode: "cards", name: "纸牌接龙", iconUrl: null, category: "休闲" },
  ],
  banners: [{ id: "1", imageUrl: "/api/game/art/banner.svg", jumpType: "GOLD", jumpAdress: "" }],
  notice: null,
};

/** The same lobby as the server names it in English. */
export const englishLobby: GameLobbyData = {
  ...chineseLobby,
  games: [
    { gameCode: "dice", name: "Lucky Dice", iconUrl: "/api/game/art/dice.svg", category: "Casual" },
    { gameCode: "big-dice", name: "Deluxe Dice", iconUrl: "/api/game/art/big-dice.svg", category: "Popular" },
  ],
};

type TransferRequest = RequestOf<"trade.userSelfTransfer">;
type TransferOptions = { quiet?: boolean; idempotencyKey?: string } | undefined;

/**
 * The lobby's calls over a small account (gold 195.50, wallet 50.00, game 10.00, no bonus, bonus
 * 10 %), moving money as the server does (decision 0021): into the game adds the bonus and the bets
 * it requires; out of it is refused while `serverWager` (the server's own figure) is above zero.
 */
export function fakeGameApi(
  options: { balance?: Partial<Omit<GameBalance, "playable">>; lobby?: GameLobbyData } = {},
) {
  const balance: Omit<GameBalance, "playable"> = {
    gold: 19_550,
    wallet: 5_000,
    game: 1_000,
    gameBonus: 0,
    wagerRemaining: 0,
    bonusPercent: 10,
    ...options.balance,
  };
  const state = { balance, serverWager: balance.wagerRemaining, lobby: options.lobby ?? chineseLobby };
  const accounts = (): Record<string, number> => ({
    GOLD: state.balance.gold,
    WALLET: state.balance.wallet,
    GAME: state.balance.game,
    GAME_BONUS: state.balance.gameBonus,
  });
  const api = {
    game: {
      userBalance: vi.fn(() =>
        Promise.resolve({
          ...state.balance,
          playable: state.balance.game + state.balance.gameBonus,
          wagerRemaining: state.serverWager,
        }),
      ),
      indexData: vi.fn(() => Promise.resolve(state.lobby)),
      enterGameUrl: vi.fn((request: RequestOf<"game.enterGameUrl">, _options?: { quiet?: boolean }) =>
        Promise.resolve({ url: `https://games.example/play?game=${request.gameCode}` }),
      ),
    },
    trade: {
      userSelfTransfer: vi.fn((request: TransferRequest, _options?: TransferOptions) => {
        if (request.fromType === "GAME" && state.serverWager > 0) {
          const amount = formatAmount(state.serverWager);
          return Promise.reject(
            new ApiError({
              kind: "business",
              endpoint: "trade.userSelfTransfer",
              code: 400,
              msg: `还需投注 ${amount} 才能解锁游戏奖励并把游戏余额转回金币`,
              msgKey: "server.gameWagerPending",
              msgValues: { amount },
            }),
          );
        }
        const before = accounts();
        const after = { ...before };
        after[request.fromType] = (before[request.fromType] ?? 0) - request.amount;
        after[request.toType] = (before[request.toType] ?? 0) + request.amount;
        let { gameBonus } = state.balance;
        if (request.toType === "GAME") {
          const bonus = Math.floor((request.amount * state.balance.bonusPercent) / 100);
          if (bonus > 0) {
            gameBonus += bonus;
            state.serverWager = wageringAfterExchange(request.amount, before.GAME ?? 0, state.serverWager);
          }
        }
        state.balance = {
          ...state.balance,
          gold: after.GOLD ?? 0,
          wallet: after.WALLET ?? 0,
          game: after.GAME ?? 0,
          gameBonus,
        };
        return Promise.resolve(Object.entries(accounts()).map(([type, wallet]) => ({ type, wallet })));
      }),
    },
  };
  return { api, state };
}
