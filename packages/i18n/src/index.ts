export {
  activateLanguage,
  createI18n,
  hasCatalog,
  loadCatalog,
  loadServerMessages,
  translateMessage,
} from "./activate";
export type { LateCatalog } from "./activate";
export type { ActivateOptions } from "./activate";
export { domainMessages } from "./domain-messages";
export { productMessages } from "./product-messages";
export { serverMessages } from "./server-messages";
export type { ProductMessage } from "./product-messages";
export { localeOf, saveLanguage, storedLanguage } from "./locale";
export type { LanguageStore, Locale } from "./locale";
export { PlatformI18nProvider } from "./provider";
export { MoneyUnit, unitName, unitNames } from "./unit-names";
export { unitValues } from "./unit-values";
export { amountIn, unitAmounts } from "./units";
