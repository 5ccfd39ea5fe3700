import type { PlatformApi } from "@platform/api-client";
import { useApi } from "../useApi";

/** The signed-in person's id as the session stores it ('' signed out). */
export function ownIdOf(api: Pick<PlatformApi, "client">): string {
  return String(api.client.userInfo?.id ?? "");
}

/** The signed-in person's id ('' signed out): read from the session on each render. */
export function useOwnId(): string {
  return ownIdOf(useApi());
}

/**
 * One's own creation centre ('my works'): /creationcenter?id={own id} (the route also opens one's
 * own page without an id, e.g. after signing in from a signed-out tap).
 */
export function myWorksHref(ownId: string): string {
  return ownId === ""
    ? "/creationcenter"
    : `/creationcenter?${new URLSearchParams({ id: ownId }).toString()}`;
}
