// The tokens and themes. Bundlers drop a side-effect-free barrel's own imports, so apps also import
// "@platform/ui/styles.css" once; here it makes tsup's dist/index.css whole.
import "./styles/index.css";

export { useMessageText } from "./i18n";
export { Icon, iconNames } from "./icons/Icon";
export type { IconName, IconProps } from "./icons/Icon";

export * from "./primitives";

// Feature areas (each folder's index.ts lists its components)
export * from "./video";
export * from "./player";
export * from "./purchase";
// The confirmation before gold is spent or moved: its words are in the catalogs of the screens
// that use it (library, game, live), loaded with them.
export * from "./payment";
export * from "./comments";
export * from "./login";
export * from "./my";
export * from "./profile";
// Live rooms: their words are the `live` catalog, loaded with /starlive.
export * from "./live";
// Posting one's own videos: their words are the `creation` catalog, loaded with those screens.
export * from "./creation";
