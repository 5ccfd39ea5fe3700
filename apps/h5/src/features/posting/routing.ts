// How /editvideo loads its screen (read by the route tree: kept small).
import { lateScreens } from "../../components/lateScreens";

/** A screen of the posting chunk (features/posting/screens), with the creation catalog. */
export const postingScreen = lateScreens(() => import("./screens"), "creation");
