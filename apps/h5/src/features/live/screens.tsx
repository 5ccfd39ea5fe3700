// Live rooms in a chunk of their own: the route loads it lazily (features/live/routing), so neither
// its code, its words (the live catalog) nor the player join the first load of /home.
import "../../components/forms.css";
import { withCatalog } from "../../components/CatalogGate";
import { LiveScreen as Live } from "./LiveScreen";

/** Marks the live catalog (`hasCatalog(i18n, "live")` looks for this id). */
export const liveCatalogMark = /*i18n*/ { id: "live.catalog", message: "直播" };

export const LiveScreen = withCatalog("live", Live);
