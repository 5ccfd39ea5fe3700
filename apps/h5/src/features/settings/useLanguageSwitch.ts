import { useLingui } from "@lingui/react";
import { defaultLanguage, languages } from "@platform/domain";
import type { Language } from "@platform/domain";
import { activateLanguage, localeOf } from "@platform/i18n";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";

/** The stored language value of an active lingui locale ("en-US" → enUS). */
export function languageOfLocale(locale: string): Language {
  return languages.find((language) => localeOf[language] === locale) ?? defaultLanguage;
}

/**
 * The chosen language and a switch to another: the catalog loads, the whole UI re-renders in it
 * without a reload, `language` is stored and `<html lang>` follows (activateLanguage). Server data
 * carries language-dependent text (the client sends a `language` header), so it is refetched.
 * While the catalog loads, `language` is already the new choice (a radio shows it at once).
 */
export function useLanguageSwitch(): {
  readonly language: Language;
  readonly switchLanguage: (language: Language) => Promise<void>;
} {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Language | null>(null);
  const latest = useRef<Language | null>(null);
  return {
    language: pending ?? languageOfLocale(i18n.locale),
    switchLanguage: async (next) => {
      if (pending === null && next === languageOfLocale(i18n.locale)) return;
      latest.current = next;
      setPending(next);
      const wanted = () => latest.current ?? next;
      let done = next;
      try {
        await activateLanguage(i18n, done);
        // Whichever catalog arrives last, the last choice made is the one left active.
        while (wanted() !== done) {
          done = wanted();
          await activateLanguage(i18n, done);
        }
      } finally {
        setPending(null);
      }
      await queryClient.invalidateQueries();
    },
  };
}
