import { StorageKey } from "@platform/domain";
import type { ClientStorage } from "./storage";

/**
 * A media URL the player can fetch (spec §7: streams carry `token` and `bus_platform_id`). A
 * relative URL stays relative, so the same page works behind any origin.
 */
export function mediaUrl(url: string, storage: ClientStorage): string {
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url);
  const parsed = new URL(url, "http://relative.invalid");
  const token = storage.get(StorageKey.accessToken);
  const busPlatformId = storage.get(StorageKey.busPlatformId);
  if (token) parsed.searchParams.set("token", token);
  if (busPlatformId) parsed.searchParams.set("bus_platform_id", busPlatformId);
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
