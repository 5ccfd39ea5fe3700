import { Language } from "@platform/domain";
import { validateIdSearch } from "../../../app/search";
import { renderApp, typeInto } from "../../../test/renderApp";
import { KeywordSearchScreen } from "../KeywordSearchScreen";
import { SearchScreen } from "../SearchScreen";
import { validateSearchPageSearch } from "../search";

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
