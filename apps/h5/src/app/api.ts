import { createApiClient } from "@platform/api-client";
import type { PlatformApi } from "@platform/api-client";
import { StorageKey, parseStoredUserInfo, channelTagIdOf } from "@platform/domain";
import { storedLanguage } from "@platform/i18n";
import { platformConfig } from "./config";
import { errorTextLoaded } from "./error-text";
import { i18n } from "./i18n";
import { pageAnswers } from "./page-data";
import { toast } from "./notify";
import { appStore, sessionExpiredAtom } from "./state";

/** The app's API client: toasts for failures (spec §8), the 'tip' dialog when the session ends. */
export function createAppApi(): PlatformApi {
  const config = platformConfig();
  const page = pageAnswers();
  return createApiClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    reqKey: config.reqKey,
    // Until a language is chosen, the server's words follow the browser's, as the app's do.
    defaultLanguage: () => storedLanguage(null),
    // The first screen's answers the server wrote into the page (decision 0035).
    pageAnswers: page.answers,
    ...(page.language === undefined ? {} : { pageAnswersLanguage: page.language }),
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
