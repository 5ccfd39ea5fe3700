// How the six money routes load their screens (read by the route tree: kept small).
import { lateScreens } from "../../components/lateScreens";

/** A money screen from the one lazy chunk of them all (features/trade/screens), with the money catalog. */
export const moneyScreen = lateScreens(() => import("./screens"), "money");
