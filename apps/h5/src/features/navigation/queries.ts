import type { PlatformApi } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";

/** The navigation map's modules, per interface language (the server names them in it). */
export function appModulesQueryOptions(api: PlatformApi, locale: string) {
  return queryOptions({
    queryKey: ["system", "appModules", locale] as const,
    queryFn: ({ signal }) => api.system.appModules({}, { signal }),
  });
}
