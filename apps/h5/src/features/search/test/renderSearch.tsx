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
import { act } from "react";
import { createRoot } from "react-dom/client";
import type { RouterContext } from "../../../app/router-context";
import { validateIdSearch } from "../../../app/search";
import { KeywordSearchScreen } from "../KeywordSearchScreen";
import { SearchScreen } from "../SearchScreen";
import { validateSearchPageSearch } from "../search";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no scrolling; the router scrolls to the top after each navigation.
window.scrollTo = () => undefined;

function AnyPage() {
  const location = useLocation();
  return <p data-testid="page">{location.href}</p>;
}

/**
 * /search and /keywordsearch with the app's providers (real catalogs, React Query, toasts) in a
 * memory router, over a stand-in `api`; any other path shows its href in `[data-testid=page]`.
 */
export async function renderSearch(api: unknown, path: string, language: Language = Language.zhCN) {
  const i18n = createI18n();
  await activateLanguage(i18n, language, { store: null, document: null });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: "/search",
        validateSearch: validateSearchPageSearch,
        component: SearchScreen,
      }),
      createRoute({
        getParentRoute: () => root,
        path: "/keywordsearch",
        validateSearch: validateIdSearch,
        component: KeywordSearchScreen,
      }),
      createRoute({ getParentRoute: () => root, path: "$", component: AnyPage }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, api: api as PlatformApi },
  });
  const container = document.createElement("div");
  document.body.append(container);
  const reactRoot = createRoot(container);
  await act(async () => {
    reactRoot.render(
      <PlatformI18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </PlatformI18nProvider>,
    );
    await router.load();
  });
  return {
    router,
    queryClient,
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

/** Let pending work settle (to show that nothing more happens). */
export async function settle(ms = 50): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

const nameOf = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent).trim();

/** The button (or link) named `name` (its label or its text); throws when absent. */
export function control(name: string, scope: ParentNode = document.body): HTMLElement {
  const found = [...scope.querySelectorAll<HTMLElement>("button, a")].find((el) => nameOf(el) === name);
  if (found === undefined) throw new Error(`no control named "${name}"`);
  return found;
}

export function hasControl(name: string, scope: ParentNode = document.body): boolean {
  return [...scope.querySelectorAll("button, a")].some((el) => nameOf(el) === name);
}

export async function click(el: HTMLElement): Promise<void> {
  await act(async () => {
    el.click();
    await Promise.resolve();
  });
}

/** Type into the search box as a person would (React listens to the native input event). */
export async function type(text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>("input[type=search]");
  if (input === null) throw new Error("no search box");
  // React tracks the value it set: the prototype's setter makes the change one it notices.
  await act(async () => {
    Reflect.set(HTMLInputElement.prototype, "value", text, input);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await Promise.resolve();
  });
}

export function searchBox(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>("input[type=search]");
  if (input === null) throw new Error("no search box");
  return input;
}

/** Scroll a list's own container to its bottom, as a person would (jsdom has no layout). */
export async function scrollToBottom(): Promise<void> {
  const scroller = document.querySelector(".pf-infinite-list");
  if (!(scroller instanceof HTMLElement)) throw new Error("no scroll container");
  Object.defineProperty(scroller, "clientHeight", { configurable: true, value: 600 });
  Object.defineProperty(scroller, "scrollHeight", { configurable: true, value: 1000 });
  await act(async () => {
    scroller.scrollTop = 400;
    scroller.dispatchEvent(new Event("scroll"));
    await Promise.resolve();
  });
}
