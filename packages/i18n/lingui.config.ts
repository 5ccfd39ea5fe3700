import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * One catalog for the whole product (the documenso way): the domain's sentences here, the UI
 * package's and the app's strings, extracted together. zh-CN is the source and the default.
 */
export default defineConfig({
  sourceLocale: "zh-CN",
  locales: ["zh-CN", "en-US"],
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/../ui/src", "<rootDir>/../../apps/h5/src"],
      exclude: [
        "**/node_modules/**",
        "**/*.test.*",
        "**/*.stories.*",
        "**/locales/**",
        "<rootDir>/src/server-messages.ts",
        "<rootDir>/src/domain-money-messages.ts",
        "<rootDir>/../../apps/h5/src/features/trade",
        "<rootDir>/../../apps/h5/src/features/library",
        "<rootDir>/../../apps/h5/src/features/posting",
        "<rootDir>/../../apps/h5/src/features/account",
        "<rootDir>/../../apps/h5/src/features/my",
        "<rootDir>/../../apps/h5/src/features/settings",
        "<rootDir>/../../apps/h5/src/features/navigation",
        "<rootDir>/../../apps/h5/src/features/game",
        "<rootDir>/../../apps/h5/src/features/live",
        "<rootDir>/../ui/src/live",
        "<rootDir>/../ui/src/creation",
        "<rootDir>/../ui/src/my",
        "<rootDir>/../ui/src/payment",
      ],
    },
    {
      // The money screens' words (/trade, orders, withdrawals, cards): loaded with those screens
      // (`loadCatalog(i18n, "money")`), so the first load of /home and /login does not carry them.
      path: "<rootDir>/src/locales/{locale}/money",
      include: ["<rootDir>/../../apps/h5/src/features/trade", "<rootDir>/src/domain-money-messages.ts"],
      exclude: ["**/*.test.*", "**/test/**"],
    },
    {
      // Membership and the library's words (/membervip, purchases, history, favourites): loaded
      // with those screens, like the money screens'.
      path: "<rootDir>/src/locales/{locale}/library",
      include: ["<rootDir>/../../apps/h5/src/features/library", "<rootDir>/../ui/src/payment"],
      exclude: ["**/*.test.*", "**/*.stories.*", "**/test/**"],
    },
    {
      // Posting and managing one's own videos (/editvideo, the owner's works on /creationcenter):
      // the app's screens and `@platform/ui`'s creation components (upload progress, tag editor,
      // cover picker, the owner's video row), loaded with those screens like the library's.
      path: "<rootDir>/src/locales/{locale}/creation",
      include: ["<rootDir>/../../apps/h5/src/features/posting", "<rootDir>/../ui/src/creation"],
      exclude: ["**/*.test.*", "**/*.stories.*", "**/test/**"],
    },
    {
      // The account's own screens (profile, security, identity card, messages, Step 15): loaded
      // with those screens, like the library's.
      path: "<rootDir>/src/locales/{locale}/account",
      include: ["<rootDir>/../../apps/h5/src/features/account"],
      exclude: ["**/*.test.*", "**/*.stories.*", "**/test/**"],
    },
    {
      // The 'my' side panel and what opens from it before any account screen (switch account,
      // /mysettings, the navigation map of /): loaded with the panel's own chunk when it first
      // opens, so no page's first load carries the words of a panel the person may never open.
      path: "<rootDir>/src/locales/{locale}/panel",
      include: [
        "<rootDir>/../../apps/h5/src/features/my",
        "<rootDir>/../../apps/h5/src/features/settings",
        "<rootDir>/../../apps/h5/src/features/navigation",
        "<rootDir>/../ui/src/my",
      ],
      exclude: ["**/*.test.*", "**/*.stories.*", "**/test/**"],
    },
    {
      // The game lobby's words (/game, Step 16: balances, moving gold in and out of the game,
      // banners and games): loaded with that screen, like the money screens'.
      path: "<rootDir>/src/locales/{locale}/game",
      include: ["<rootDir>/../../apps/h5/src/features/game", "<rootDir>/../ui/src/payment"],
      exclude: ["**/*.test.*", "**/*.stories.*", "**/test/**"],
    },
    {
      // Live rooms' words (/starlive, Step 16: rooms, the live player, chat, going live): loaded
      // with that screen, like the game lobby's.
      path: "<rootDir>/src/locales/{locale}/live",
      include: [
        "<rootDir>/../../apps/h5/src/features/live",
        "<rootDir>/../ui/src/live",
        "<rootDir>/../ui/src/payment",
      ],
      exclude: ["**/*.test.*", "**/*.stories.*", "**/test/**"],
    },
    {
      // The operators' console (apps/admin, Step 22): its own catalog, loaded by the console only,
      // so no H5 page carries a word of it.
      path: "<rootDir>/src/locales/{locale}/admin",
      include: ["<rootDir>/../../apps/admin/src"],
      exclude: ["**/*.test.*", "**/test/**"],
    },
    {
      // The server's refusal sentences: a catalog of their own, loaded only when a refusal is shown
      // (`loadServerMessages`), so the first load of every page does not carry them.
      path: "<rootDir>/src/locales/{locale}/server",
      include: ["<rootDir>/src/server-messages.ts"],
    },
  ],
  compileNamespace: "ts",
  orderBy: "messageId",
  // Origins without line numbers: moving code does not rewrite the catalogs.
  format: formatter({ lineNumbers: false }),
});
