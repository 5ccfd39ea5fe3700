import { Language } from "@platform/domain";
import { renderApp, waitFor } from "../../../test/renderApp";
import { field } from "../../trade/test/renderTrade";
import {
  AccountLogoutScreen,
  BindPhoneScreen,
  EditPasswordScreen,
  EditPhoneScreen,
  EditProfileScreen,
  SecuritySettingsScreen,
} from "../screens";

/**
 * The account's profile and security routes as the app has them (their words from the account
 * catalog, loaded as the app does), with the app's providers, over a stand-in `api`; any other path
 * shows its href in `[data-testid=page]`.
 */
export function renderSecurity(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: {
      "/editprofile": EditProfileScreen,
      "/accountsecuritysettings": SecuritySettingsScreen,
      "/editpassword": EditPasswordScreen,
      "/editphone": EditPhoneScreen,
      "/bindphone": BindPhoneScreen,
      "/accountlogout": AccountLogoutScreen,
    },
  });
}

// The boxes by label and their errors, as the money screens' tests find them.
export { field, fieldError } from "../../trade/test/renderTrade";

export const pageShown = () => document.querySelector("[data-testid=page]")?.textContent;

/** The texts of the toasts on screen. */
export const toasts = () =>
  [...document.querySelectorAll(".pf-toast")].map((el) => el.textContent.trim()).filter((s) => s !== "");

/** /editprofile rendered with `api`, its form shown. */
export async function openProfile(api: unknown) {
  const app = await renderSecurity(api, "/editprofile");
  await waitFor(() => field("昵称"));
  return app;
}
