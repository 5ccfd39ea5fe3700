// How the /starlive route loads its screen (read by the route tree: kept small).
import { lateScreens } from "../../components/lateScreens";

/** Live rooms from their own lazy chunk (features/live/screens), with the live catalog. */
export const liveScreen = lateScreens(() => import("./screens"), "live");
