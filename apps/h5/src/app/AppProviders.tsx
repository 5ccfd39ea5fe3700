import type { I18n } from "@lingui/core";
import { PlatformI18nProvider } from "@platform/i18n";
import { ToastProvider } from "@platform/ui";
import { QueryClientProvider } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import type { AnyRouter } from "@tanstack/react-router";
import { Provider as StoreProvider } from "jotai";
import type { createStore } from "jotai";

/** The app's providers around its router: catalogs, app state, server data, toasts (tests use it too). */
export function AppProviders({
  i18n,
  store,
  queryClient,
  router,
}: {
  readonly i18n: I18n;
  readonly store: ReturnType<typeof createStore>;
  readonly queryClient: QueryClient;
  readonly router: AnyRouter;
}) {
  return (
    <PlatformI18nProvider i18n={i18n}>
      <StoreProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </StoreProvider>
    </PlatformI18nProvider>
  );
}
