import { MessageKey, message, parseAmountInput } from "@platform/domain";
import type { Hundredths, Message } from "@platform/domain";

/** A typed amount: hundredths, or why it is not one (empty; not a positive number with at most two decimals). */
export type AmountReading =
  { readonly ok: true; readonly amount: Hundredths } | { readonly ok: false; readonly problem: Message };

/** Reads an amount typed in units ("12", "12.5") as hundredths, by the domain's string arithmetic. */
export function readAmount(input: string): AmountReading {
  if (input.trim() === "") return { ok: false, problem: message(MessageKey.withdrawAmountRequired) };
  const amount = parseAmountInput(input);
  if (amount === null || amount === 0)
    return { ok: false, problem: message(MessageKey.withdrawAmountFormat) };
  return { ok: true, amount };
}
