import { createI18n } from "@platform/i18n";

/** The app's one lingui instance (activated in main.tsx before the first render). */
export const i18n = createI18n();
