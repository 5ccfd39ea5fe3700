import type { PlatformApi } from "@platform/api-client";
import type { QueryClient } from "@tanstack/react-query";

/** What every route's loader and beforeLoad get. */
export interface RouterContext {
  readonly queryClient: QueryClient;
  readonly api: PlatformApi;
}
