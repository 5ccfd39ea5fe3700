import { I18nProvider } from "@lingui/react";
import type { I18n } from "@lingui/core";
import type { ReactNode } from "react";

/**
 * The product's translations for a React tree. Components read them with `useLingui()` (or the
 * `Trans` / `t` macros); a language switch re-renders them without a reload.
 */
export function PlatformI18nProvider({
  i18n,
  children,
}: {
  readonly i18n: I18n;
  readonly children: ReactNode;
}) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
