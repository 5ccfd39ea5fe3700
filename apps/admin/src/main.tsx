import "@platform/ui/styles.css";
import "./styles.css";
import { Language } from "@platform/domain";
import {
  activateLanguage,
  createI18n,
  loadCatalog,
  loadServerMessages,
  storedLanguage,
} from "@platform/i18n";
import type { Locale } from "@platform/i18n";
import { createRoot } from "react-dom/client";
import { Console } from "./app/Console";

/**
 * The operators' console: the stored language (or the browser's: Chinese for zh-*, else English),
 * its catalogs (the console's and the server's refusals), then the app.
 */
async function start(): Promise<void> {
  const i18n = createI18n();
  const chosen =
    typeof localStorage !== "undefined" && localStorage.getItem("language") !== null
      ? storedLanguage()
      : navigator.languages.some((l) => l.toLowerCase().startsWith("zh"))
        ? Language.zhCN
        : Language.enUS;
  await activateLanguage(i18n, chosen);
  await Promise.all([loadCatalog(i18n, "admin"), loadServerMessages(i18n)]);
  const root = document.getElementById("app");
  if (root === null) throw new Error("the console's page has no #app");
  createRoot(root).render(<Console i18n={i18n} locale={() => i18n.locale as Locale} />);
}

void start();
