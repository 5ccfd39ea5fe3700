// How the /game route loads its screen (read by the route tree: kept small).
import { lateScreens } from "../../components/lateScreens";

/** The game lobby from its own lazy chunk (features/game/screens), with the game catalog. */
export const gameScreen = lateScreens(() => import("./screens"), "game");
