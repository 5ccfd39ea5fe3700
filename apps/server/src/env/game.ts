import { group, orElse, orNull, percent, setting, text, whole, withoutTrailingSlash, yuan } from "./setting";
import type { Read } from "./setting";
import { sandboxSettings } from "./sandbox";

/** The game lobby's provider and bonus (decision 0021). */
export interface GameSettings {
  /** The provider's address (its /play page); none: the sandbox provider of this server. */
  readonly providerUrl: string | null;
  /** The secret the provider signs wallet calls with; none: derived from the signing key. */
  readonly providerSecret: string | null;
  /** The bonus an exchange of gold into the game adds, in percent (0: none). */
  readonly bonusPercent: number;
  /** The sandbox game's dice: fixed throws (1-6, comma-separated, repeated) for tests; empty: random. */
  readonly sandboxDice: readonly number[];
  /** The sandbox dice's house edge in percent: a win pays 2 × the bet less this (decision 0023). */
  readonly sandboxHouseEdgePercent: number;
  /** A win above this multiple of its bet, or above `winMax` (hundredths), is held for review. */
  readonly winMaxMultiple: number;
  readonly winMax: number;
  /** A bet with no outcome this long after it was placed is voided (its stake given back). */
  readonly betSettleMinutes: number;
}

/** The game provider, its bonus and the limits on its wins. */
export const gameSettings = {
  providerUrl: setting("GAME_PROVIDER_URL", orNull(withoutTrailingSlash), {
    default: "(this server's `/sandbox/game`)",
    description: "the game provider's address (its `/play` page); set, the sandbox provider is off",
  }),
  providerSecret: setting("GAME_PROVIDER_SECRET", orNull(text), {
    default: "(derived from the signing key)",
    description: "the secret the provider signs seamless-wallet calls with",
  }),
  bonusPercent: setting("GAME_BONUS_PERCENT", orElse(percent, 10), {
    default: "`10`",
    description: "the game bonus an exchange of gold into the game adds (0: none); decision 0021",
  }),
  winMaxMultiple: setting("GAME_WIN_MAX_MULTIPLE", orElse(whole(), 100), {
    default: "`100`",
    description: "a provider's win above this multiple of its bet is refused and held for an operator",
  }),
  winMax: setting("GAME_WIN_MAX", orElse(yuan, 5_000_000), {
    default: "`50000` (yuan)",
    description: "a provider's win above this a round is refused and held for an operator",
  }),
  betSettleMinutes: setting("GAME_BET_SETTLE_MINUTES", orElse(whole(), 60), {
    default: "`60`",
    description:
      "a bet with no outcome this long after it was placed is voided by the sweep (its stake given back)",
  }),
};

export const gameGroup = group("The game lobby", gameSettings);

export function gameOf(read: Read): GameSettings {
  const s = gameSettings;
  return {
    providerUrl: read(s.providerUrl),
    providerSecret: read(s.providerSecret),
    bonusPercent: read(s.bonusPercent),
    sandboxDice: read(sandboxSettings.gameDice),
    sandboxHouseEdgePercent: read(sandboxSettings.gameHouseEdge),
    winMaxMultiple: read(s.winMaxMultiple),
    winMax: read(s.winMax),
    betSettleMinutes: read(s.betSettleMinutes),
  };
}
