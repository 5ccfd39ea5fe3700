import { activateLanguage, createI18n, loadCatalog } from "@platform/i18n";
import type { I18n } from "@lingui/core";
import type { Language } from "@platform/domain";

const ready = new Map<Language, Promise<I18n>>();

/**
 * A lingui instance with a language's real compiled catalog (cached per language), and the late
 * catalogs its components read as their screens load them: `creation` (`src/creation/`) and
 * `panel` (the 'my' panel, `src/my/`).
 */
export function i18nFor(language: Language): Promise<I18n> {
  let i18n = ready.get(language);
  if (i18n === undefined) {
    i18n = (async () => {
      const instance = createI18n();
      await activateLanguage(instance, language, { store: null, document: null });
      await loadCatalog(instance, "creation");
      await loadCatalog(instance, "panel");
      await loadCatalog(instance, "live");
      return instance;
    })();
    ready.set(language, i18n);
  }
  return i18n;
}
