// How the account's own screens load (read by the route tree: kept small).
import { lateScreens } from "../../components/lateScreens";

/** A screen of the account chunk (features/account/screens), with the account catalog. */
export const accountScreen = lateScreens(() => import("./screens"), "account");
