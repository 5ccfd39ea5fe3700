import type { Hundredths } from "@platform/domain";

/**
 * The recharge form's choice (method, typed amount or chosen chip), kept for the round trip to
 * the provider's page (issue 37, item 11): the whole window leaves the app, and on the way back
 * /trade opens with the same method and amount rather than the defaults. Session storage: the
 * tab's own, gone with it.
 */
export interface RechargeChoice {
  readonly payMethod: string | null;
  readonly typed: string;
  readonly chip: Hundredths | null;
}

const KEY = "trade.rechargeChoice";

/** The last choice sent in this tab (kept until the next one replaces it). */
export function savedRechargeChoice(): RechargeChoice | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<RechargeChoice>;
    return {
      payMethod: typeof value.payMethod === "string" ? value.payMethod : null,
      typed: typeof value.typed === "string" ? value.typed : "",
      chip: typeof value.chip === "number" && Number.isSafeInteger(value.chip) ? value.chip : null,
    };
  } catch {
    return null;
  }
}

export function saveRechargeChoice(choice: RechargeChoice): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // No storage (private mode, full): the form opens with its defaults, as before.
  }
}
