import { msg } from "@lingui/core/macro";

/** Marks the console's catalog (`hasCatalog(i18n, "admin")` looks for this id). */
export const adminCatalogMark = /*i18n*/ { id: "admin.catalog", message: "运营后台" };

/** Sentences the console says outside a component's own words. */
export const words = {
  unknown: msg`出了点问题，请重试`,
  network: msg`连不上服务器，请检查网络后重试`,
  signedOut: msg`登录已结束，请重新登录`,
};
