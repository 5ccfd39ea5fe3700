import type { PlatformApi } from "@platform/api-client";
import { Language } from "@platform/domain";
import { PlatformI18nProvider, activateLanguage, createI18n } from "@platform/i18n";
import { ToastProvider } from "@platform/ui";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  useLocation,
} from "@tanstack/react-router";
import { Provider as StoreProvider, createStore } from "jotai";
import { act } from "react";
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import type { RouterContext } from "../../../app/router-context";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no scrolling; the router scrolls to the top after each navigation.
window.scrollTo = () => undefined;

function AnyPage() {
  const location = useLocation();
  return <p data-testid="page">{location.href}</p>;
}

/**
 * The app's providers (real catalogs, a jotai store, React Query, toasts) around a memory router:
 * `pages` are routes by path, `shell` renders on every page (as AppShell does), and any other
 * path shows its href in `[data-testid=page]`.
 */
export async function renderApp({
  api,
  path = "/home",
  pages = {},
  shell,
  language = Language.zhCN,
}: {
  readonly api: unknown;
  readonly path?: string;
  readonly pages?: Readonly<Record<string, () => ReactNode>>;
  readonly shell?: ReactNode;
  readonly language?: Language;
}) {
  const i18n = createI18n();
  await activateLanguage(i18n, language, { store: null, document: null });
  const store = createStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Outlet />
        {shell}
      </>
    ),
  });
  const children = [
    ...Object.entries(pages).map(([p, component]) =>
      createRoute({ getParentRoute: () => root, path: p, component }),
    ),
    createRoute({ getParentRoute: () => root, path: "$", component: AnyPage }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(children),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, api: api as PlatformApi },
  });
  const container = document.createElement("div");
  document.body.append(container);
  const reactRoot = createRoot(container);
  await act(async () => {
    reactRoot.render(
      <PlatformI18nProvider i18n={i18n}>
        <StoreProvider store={store}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </QueryClientProvider>
        </StoreProvider>
      </PlatformI18nProvider>,
    );
    await router.load();
  });
  return {
    i18n,
    store,
    queryClient,
    router,
    unmount: () => {
      act(() => {
        reactRoot.unmount();
      });
      container.remove();
      queryClient.clear();
    },
  };
}

/** Poll until `check` stops throwing (React work flushed between tries). */
export async function waitFor<T>(check: () => T, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

/** The element whose own text (trimmed) is `text`, anywhere in the document; throws when absent. */
export function byText(text: string, selector = "*"): HTMLElement {
  const found = [...document.body.querySelectorAll<HTMLElement>(selector)].find(
    (el) => el.textContent.trim() === text && [...el.children].every((c) => c.textContent.trim() !== text),
  );
  if (found === undefined) throw new Error(`no element with text "${text}"`);
  return found;
}

export function queryText(text: string): HTMLElement | null {
  try {
    return byText(text);
  } catch {
    return null;
  }
}

/** The nearest button (or link, label) around the element with this text. */
export function control(text: string): HTMLElement {
  const el = byText(text);
  const target = el.closest<HTMLElement>("button, a, label");
  if (target === null) throw new Error(`"${text}" is not in a control`);
  return target;
}

export async function click(el: HTMLElement): Promise<void> {
  await act(async () => {
    el.click();
    await Promise.resolve();
  });
}

/** Type into a box as a person would: React notices a change made through the prototype's setter. */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  const prototype =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Reflect.set(prototype, "value", text, input);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await Promise.resolve();
  });
}
