import type { PlatformApi } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";
import { allowedMenuKeysOf } from "./menuKeys";

/**
 * What only the 'my' panel asks for. The rest it shows is the signed-in person's own data, which
 * other screens read too: app/session/queries.
 */
export const panelKeys = {
  all: ["panel"] as const,
  allowedMenuKeys: () => [...panelKeys.all, "allowedMenuKeys"] as const,
};

/** The menu keys the server allows this user, gathered over the panel's sections. */
export function allowedMenuKeysQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: panelKeys.allowedMenuKeys(),
    queryFn: ({ signal }) => allowedMenuKeysOf(api, signal),
  });
}
