// How the membership and library routes load their screens (read by the route tree: kept small).
import { lateScreens } from "../../components/lateScreens";

/** A screen of the one lazy chunk of membership and the library (features/library/screens), with its catalog. */
export const libraryScreen = lateScreens(() => import("./screens"), "library");
