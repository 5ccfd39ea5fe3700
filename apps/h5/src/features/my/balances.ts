import { AccountType, walletBalanceOf } from "@platform/domain";
import type { WalletEntry } from "@platform/domain";
import type { MyPanelBalances } from "@platform/ui";

/** The game balance's type in the account wallet list (the server lists GOLD, WALLET, GAME, GAME_BONUS). */
export const GAME_ACCOUNT_TYPE = "GAME";

/**
 * The panel's three money cards from the account wallet list (hundredths; the panel shows them
 * with two decimals). A type missing from the list is an empty balance.
 */
export function panelBalancesOf(entries: readonly WalletEntry[] | null | undefined): MyPanelBalances {
  return {
    gold: walletBalanceOf(entries, AccountType.GOLD),
    wallet: walletBalanceOf(entries, AccountType.WALLET),
    game: walletBalanceOf(entries, GAME_ACCOUNT_TYPE),
  };
}
