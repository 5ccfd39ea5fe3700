import type { PlatformApi } from "@platform/api-client";
import { Language } from "@platform/domain";
import { activateLanguage, createI18n } from "@platform/i18n";
import {
  Outlet,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  useLocation,
} from "@tanstack/react-router";
import { createStore } from "jotai";
import { act } from "react";
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect } from "vitest";
import type { RouterContext } from "../app/router-context";
import { AppProviders } from "../app/AppProviders";
import { createQueryClient } from "../app/query-client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no scrolling; the router scrolls to the top after each navigation, lists scroll the
// current item into view.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

/** What each test rendered: unmounted when the test ends (a test may unmount earlier itself). */
const mounted = new Set<() => void>();
afterEach(() => {
  for (const unmount of mounted) unmount();
});

function AnyPage() {
  const location = useLocation();
  return <p data-testid="page">{location.href}</p>;
}

/** A page: its component, or its component with the search validation its route has in the app. */
export type TestPage =
  | (() => ReactNode)
  | {
      readonly component: () => ReactNode;
      readonly validateSearch: (search: Record<string, unknown>) => object;
    };

/**
 * The app's providers (real catalogs, a jotai store, React Query, toasts) around a memory router:
 * `pages` are routes by path, `shell` renders on every page (as AppShell does), and any other
 * path shows its href in `[data-testid=page]`. What it renders is unmounted when the test ends.
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
  readonly pages?: Readonly<Record<string, TestPage>>;
  readonly shell?: ReactNode;
  readonly language?: Language;
}) {
  const i18n = createI18n();
  await activateLanguage(i18n, language, { store: null, document: null });
  const store = createStore();
  const queryClient = createQueryClient();
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Outlet />
        {shell}
      </>
    ),
  });
  const children = [
    ...Object.entries(pages).map(([p, page]) =>
      typeof page === "function"
        ? createRoute({ getParentRoute: () => root, path: p, component: page })
        : createRoute({
            getParentRoute: () => root,
            path: p,
            component: page.component,
            validateSearch: page.validateSearch,
          }),
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
    reactRoot.render(<AppProviders i18n={i18n} store={store} queryClient={queryClient} router={router} />);
    await router.load();
  });
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => {
      reactRoot.unmount();
    });
    container.remove();
    queryClient.clear();
  };
  mounted.add(unmount);
  return { i18n, store, queryClient, router, unmount };
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

const nameOf = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent).trim();

/**
 * The control named `name`: the first button or link in `scope` whose label (or, without one, whose
 * whole text) it is; else the nearest button (or link, label) around the element with this text.
 */
export function control(name: string, scope: ParentNode = document.body): HTMLElement {
  const named = [...scope.querySelectorAll<HTMLElement>("button, a")].find((el) => nameOf(el) === name);
  if (named !== undefined) return named;
  const target = byText(name).closest<HTMLElement>("button, a, label");
  if (target === null) throw new Error(`"${name}" is not in a control`);
  return target;
}

/** Whether a button or link in `scope` is named `name` (its label, or its whole text). */
export function hasControl(name: string, scope: ParentNode = document.body): boolean {
  return [...scope.querySelectorAll("button, a")].some((el) => nameOf(el) === name);
}

/** Choose a file in the file input of this `data-testid`, as a person picking one would. */
export async function chooseFile(testId: string, file: File): Promise<void> {
  const input = document.body.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
  if (input === null) throw new Error(`no file input ${testId}`);
  Object.defineProperty(input, "files", { configurable: true, value: [file] });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await Promise.resolve();
  });
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

/**
 * Scroll a list's own container to its bottom, as a person would (jsdom has no layout, so the sizes
 * are made up). The page it asks for makes the list longer: afterwards it is no longer scrolled to
 * the bottom, as in a browser, and the next page waits for the next call.
 */
export async function scrollToBottom(): Promise<void> {
  const scroller = document.querySelector(".pf-infinite-list");
  if (!(scroller instanceof HTMLElement)) throw new Error("no scroll container");
  const size = (name: "clientHeight" | "scrollHeight", value: number) => {
    Object.defineProperty(scroller, name, { configurable: true, value });
  };
  size("clientHeight", 600);
  size("scrollHeight", 1000);
  await act(async () => {
    scroller.scrollTop = 400;
    scroller.dispatchEvent(new Event("scroll"));
    size("scrollHeight", 2000);
    await Promise.resolve();
  });
}

/** Scrolls the list to its bottom, then waits until `rows()` holds `count`: the next page arrived. */
export async function scrollForMore(rows: () => ArrayLike<unknown>, count: number): Promise<void> {
  await scrollToBottom();
  await waitFor(() => {
    expect(rows()).toHaveLength(count);
  });
}

/** The titles of the first named list's videos ('Video n', as `fakeVideo` names them), in order. */
export function videoTitles(): string[] {
  const list = document.body.querySelector("ul[aria-label]");
  return Array.from(list?.querySelectorAll("li button") ?? [])
    .map((b) => b.textContent)
    .filter((t) => t.startsWith("Video"));
}
