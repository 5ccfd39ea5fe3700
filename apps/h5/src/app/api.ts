import { PAGE_DATA_ELEMENT_ID, createApiClient, readPageData } from "@platform/api-client";
import type { PlatformApi } from "@platform/api-client";
import { StorageKey, parseStoredUserInfo, channelTagIdOf } from "@platform/domain";
import { storedLanguage } from "@platform/i18n";
import { platformConfig } from "./config";
import { errorTextLoaded } from "./error-text";
import { i18n } from "./i18n";
import { toast } from "./notify";
import { appStore, sessionExpiredAtom } from "./state";

/** The app's API client: toasts for failures (spec §8), the 'tip' dialog when the session ends. */
export function createAppApi(): PlatformApi {
  const config = platformConfig();
  // The first screen's answers the server wrote into this page, and the language they were made in
  // (decisions 0035, 0038): none in the dev server's page, or signed out.
  const page = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return createApiClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    reqKey: config.reqKey,
    // Until a language is chosen, the server's words follow the browser's, as the app's do.
    defaultLanguage: () => storedLanguage(null),
    pageAnswers: readPageData(page?.textContent),
    pageAnswersLanguage: page?.dataset.language,
    hooks: {
      onError: (error) => {
        void errorTextLoaded(i18n, error).then((text) => {
          toast(text, { tone: "error" });
        });
      },
      onSessionExpired: () => {
        appStore.set(sessionExpiredAtom, true);
      },
    },
  });
}

export function hasSession(api: PlatformApi): boolean {
  return (api.client.storage.get(StorageKey.accessToken) ?? "") !== "";
}

export function storedChannelTagId(api: PlatformApi): string {
  return channelTagIdOf(parseStoredUserInfo(api.client.storage.get(StorageKey.userInfo)));
}
