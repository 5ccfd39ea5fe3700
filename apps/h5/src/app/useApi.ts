import type { PlatformApi } from "@platform/api-client";
import { useRouter } from "@tanstack/react-router";

/**
 * The app's API client: the router context's (main.tsx; the tests' renderApp hands in a fake).
 * Components and hooks ask for it here; loaders and `beforeLoad` read `context.api`.
 */
export function useApi(): PlatformApi {
  return useRouter().options.context.api;
}
