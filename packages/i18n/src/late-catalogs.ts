// The late catalogs' loaders (activate.ts `loadCatalog`): a module of its own, so a page's first
// load does not carry them.
import type { Messages } from "@lingui/core";
import type { Locale } from "./locale";

/**
 * Catalogs loaded after the first paint, each only when needed (per language, a chunk of its
 * own): the server's refusal sentences (`serverMessages`), when a refusal is shown; the money
 * screens' words, the library's (membership, purchases, history, favourites), posting's (the
 * video editor, the owner's works), the account's, the 'my' panel's, the game lobby's and the live rooms', with
 * those screens. Each screens' catalog has an id `<name>.catalog` (its screens' `…CatalogMark`),
 * which `hasCatalog` looks for. This table is a chunk of its own too, fetched with the first late
 * catalog (`loadCatalog`): the names of the catalogs' chunks are in no page's first load, and a new
 * catalog does not make that load grow.
 */
export const lateCatalogs = {
  server: {
    "zh-CN": () => import("./locales/zh-CN/server"),
    "en-US": () => import("./locales/en-US/server"),
  },
  money: {
    "zh-CN": () => import("./locales/zh-CN/money"),
    "en-US": () => import("./locales/en-US/money"),
  },
  library: {
    "zh-CN": () => import("./locales/zh-CN/library"),
    "en-US": () => import("./locales/en-US/library"),
  },
  creation: {
    "zh-CN": () => import("./locales/zh-CN/creation"),
    "en-US": () => import("./locales/en-US/creation"),
  },
  panel: {
    "zh-CN": () => import("./locales/zh-CN/panel"),
    "en-US": () => import("./locales/en-US/panel"),
  },
  account: {
    "zh-CN": () => import("./locales/zh-CN/account"),
    "en-US": () => import("./locales/en-US/account"),
  },
  game: {
    "zh-CN": () => import("./locales/zh-CN/game"),
    "en-US": () => import("./locales/en-US/game"),
  },
  live: {
    "zh-CN": () => import("./locales/zh-CN/live"),
    "en-US": () => import("./locales/en-US/live"),
  },
  admin: {
    "zh-CN": () => import("./locales/zh-CN/admin"),
    "en-US": () => import("./locales/en-US/admin"),
  },
} as const satisfies Record<string, Record<Locale, () => Promise<{ messages: Messages }>>>;
