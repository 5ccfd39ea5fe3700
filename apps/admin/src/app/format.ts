import { useLingui } from "@lingui/react";
import { formatAmount } from "@platform/domain";

/** Money as the console shows it: hundredths with two decimals (spec §9), signed when asked. */
export function money(hundredths: number, signed = false): string {
  const text = formatAmount(Math.abs(hundredths));
  if (hundredths < 0) return `-${text}`;
  return signed && hundredths > 0 ? `+${text}` : text;
}

/** A time in the operator's own zone and language. */
export function when(iso: string | null, locale: string): string {
  if (iso === null) return "—";
  return new Date(iso).toLocaleString(locale, { dateStyle: "short", timeStyle: "medium" });
}

/** `when` in the operator's language, for a component: `const at = useWhen(); at(row.createdAt)`. */
export function useWhen(): (iso: string | null) => string {
  const { i18n } = useLingui();
  return (iso) => when(iso, i18n.locale);
}
