import { Language } from "@platform/domain";
import { validateIdSearch } from "../../../app/route-search";
import { renderApp, typeInto } from "../../../test/renderApp";
import { KeywordSearchScreen } from "../KeywordSearchScreen";
import { searchHistoryKey } from "../history";
import { SearchScreen } from "../SearchScreen";
import { validateSearchPageSearch } from "../search";
import { VIEWER } from "./fakeSearchApi";

/**
 * /search and /keywordsearch as the app routes them, with the app's providers (see renderApp), over
 * a stand-in `api`; any other path shows its href in `[data-testid=page]`.
 */
export function renderSearch(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: {
      "/search": { component: SearchScreen, validateSearch: validateSearchPageSearch },
      "/keywordsearch": { component: KeywordSearchScreen, validateSearch: validateIdSearch },
    },
  });
}

export function searchBox(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>("input[type=search]");
  if (input === null) throw new Error("no search box");
  return input;
}

/** Type into the search box as a person would. */
export async function type(text: string): Promise<void> {
  await typeInto(searchBox(), text);
}

/** What the screens show and keep: result rows, history entries, the stored history, the page. */
export const videoRows = () =>
  [...document.querySelectorAll('ul[aria-label="视频搜索结果"] > li')].map((li) => li.textContent);
export const historyEntries = () =>
  [...document.querySelectorAll(".h5-search__history-words")].map((el) => el.textContent);
export const storedHistory = (userId = VIEWER) =>
  JSON.parse(localStorage.getItem(searchHistoryKey(userId)) ?? "[]") as string[];
export const pageShown = () => document.querySelector("[data-testid=page]")?.textContent;
