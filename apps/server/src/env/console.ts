import { group, orElse, percent, setting, whole, yuan } from "./setting";
import type { Read } from "./setting";

/** The operators' console (Step 22, decision 0032) and the creators' share of sales. */
export interface ConsoleSettings {
  /** An operator's session ends after this long without a call (ms). */
  readonly idleMs: number;
  /** However active, an operator's session ends this long after sign-in (ms). */
  readonly sessionMs: number;
  /** Wrong passwords or codes in a row before an operator's sign-in is locked for 15 minutes. */
  readonly maxFailures: number;
  /** A manual adjustment above this (hundredths, either sign) waits for a second finance operator. */
  readonly approvalAbove: number;
  /** The percent of every video sale that goes to its author. */
  readonly creatorSharePercent: number;
}

export const consoleSettings = {
  idleMinutes: setting("ADMIN_IDLE_MINUTES", orElse(whole(1, { max: 1440 }), 30), {
    default: "`30`",
    description: "an operator's session ends after this many minutes without a call",
  }),
  sessionHours: setting("ADMIN_SESSION_HOURS", orElse(whole(1, { max: 168 }), 12), {
    default: "`12`",
    description: "an operator's session ends this many hours after sign-in, however active",
  }),
  maxFailures: setting("ADMIN_MAX_FAILURES", orElse(whole(1, { max: 100 }), 5), {
    default: "`5`",
    description: "wrong passwords or codes in a row before an operator is locked out for 15 minutes",
  }),
  approvalAbove: setting("ADJUSTMENT_APPROVAL_ABOVE", orElse(yuan, 100_000), {
    default: "`1000.00` (yuan)",
    description: "a manual balance adjustment above this (either sign) waits for a second finance operator",
  }),
  creatorSharePercent: setting("CREATOR_SHARE_PERCENT", orElse(percent, 70), {
    default: "`70`",
    description: "the percent of every video sale credited to its author (decision 0032)",
  }),
};

export const consoleGroup = group("Operators' console and creators' share", consoleSettings);

export function consoleOf(read: Read): ConsoleSettings {
  const s = consoleSettings;
  return {
    idleMs: read(s.idleMinutes) * 60_000,
    sessionMs: read(s.sessionHours) * 3_600_000,
    maxFailures: read(s.maxFailures),
    approvalAbove: read(s.approvalAbove),
    creatorSharePercent: read(s.creatorSharePercent),
  };
}
