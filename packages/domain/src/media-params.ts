/** What every media request carries (spec §7). */
export interface MediaParams {
  readonly token?: string | null;
  readonly busPlatformId?: string | null;
}

const mediaParamNames = new Set(["token", "bus_platform_id"]);

function paramName(pair: string): string {
  const raw = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/**
 * A media URL with `token` and `bus_platform_id` set (replacing any already there, so adding twice
 * changes nothing). The rest of the URL is kept byte for byte (signed segment queries stay valid,
 * relative URLs stay relative); `data:` and `blob:` URLs are left alone.
 */
export function withMediaParams(url: string, params: MediaParams): string {
  const { token, busPlatformId } = params;
  if (!token && !busPlatformId) return url;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return url;
  const hashAt = url.indexOf("#");
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? "" : beforeHash.slice(queryAt + 1);
  const pairs = query.split("&").filter((pair) => pair !== "" && !mediaParamNames.has(paramName(pair)));
  if (token) pairs.push(`token=${encodeURIComponent(token)}`);
  if (busPlatformId) pairs.push(`bus_platform_id=${encodeURIComponent(busPlatformId)}`);
  return `${path}?${pairs.join("&")}${hash}`;
}
