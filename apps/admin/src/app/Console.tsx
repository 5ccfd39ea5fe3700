import type { I18n } from "@lingui/core";
import type { Locale } from "@platform/i18n";
import { PlatformI18nProvider } from "@platform/i18n";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Provider, createStore } from "jotai";
import { useState } from "react";
import { makeClient } from "./api";
import { ClientContext, operatorAtom } from "./context";
import { makeRouter } from "./router";

/** The console's providers: translations, the API client, queries, app state and the router. */
export function Console({ i18n, locale }: { readonly i18n: I18n; readonly locale: () => Locale }) {
  const [parts] = useState(() => {
    const store = createStore();
    const queries = new QueryClient({
      defaultOptions: { queries: { retry: 1, staleTime: 10_000, refetchOnWindowFocus: true } },
    });
    const client = makeClient(locale, () => {
      // The server ended the session (idle, signed out elsewhere): back to signing in.
      store.set(operatorAtom, null);
      queries.clear();
    });
    return { store, queries, client, router: makeRouter(queries, client, store) };
  });
  return (
    <PlatformI18nProvider i18n={i18n}>
      <Provider store={parts.store}>
        <ClientContext.Provider value={parts.client}>
          <QueryClientProvider client={parts.queries}>
            <RouterProvider router={parts.router} />
          </QueryClientProvider>
        </ClientContext.Provider>
      </Provider>
    </PlatformI18nProvider>
  );
}
