import { flag, group, listOf, orElse, orNull, percent, setting, text, whole } from "./setting";

const diceRefusal = "must be throws from 1 to 6, comma-separated (e.g. 6,6,1)";
const dice = listOf(whole(1, { max: 6, refusal: diceRefusal }));

/** The sandboxes that stand in for the outside parties (SMS, payments, the game provider). */
export const sandboxSettings = {
  sandbox: setting("SANDBOX", orNull(flag), {
    default: "on, off in production",
    description:
      "SMS, payments and the game provider through sandboxes; production needs `ALLOW_SANDBOX_IN_PRODUCTION=true`",
  }),
  allowInProduction: setting("ALLOW_SANDBOX_IN_PRODUCTION", orElse(flag, false), {
    default: "off",
    description: "lets `SANDBOX` be on in production (refused otherwise)",
  }),
  readbackSecret: setting("SANDBOX_READBACK_SECRET", orNull(text), {
    default: "—",
    description:
      "behind a proxy, the `x-sandbox-secret` the SMS read-back needs (unset: refused behind proxies)",
  }),
  settleDelayMs: setting("SANDBOX_SETTLE_DELAY_MS", orElse(whole(0), 3000), {
    default: "`3000`",
    description:
      "the payment sandbox: a payout settles, and a bank payment goes PROCESSING → PAID, after this",
  }),
  jitterMs: setting("SANDBOX_JITTER_MS", orElse(whole(0), 1500), {
    default: "`1500`",
    description: "the payment sandbox delays each notification by a random time up to this (so they cross)",
  }),
  duplicates: setting("SANDBOX_DUPLICATES", orElse(flag, true), {
    default: "on",
    description: "the payment sandbox delivers every notification twice",
  }),
  gameDice: setting("SANDBOX_GAME_DICE", orElse(dice, []), {
    default: "none (random throws)",
    description: "fixed throws of the sandbox dice game, comma-separated (tests)",
  }),
  gameHouseEdge: setting("SANDBOX_GAME_HOUSE_EDGE", orElse(percent, 5), {
    default: "`5` (%)",
    description: "the sandbox dice's house edge: a win pays twice the bet less this; decision 0023",
  }),
};

export const sandboxGroup = group("Sandboxes", sandboxSettings);
