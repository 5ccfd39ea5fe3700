import { limits, locale } from "./constants";

/** The stored `userInfo` (JSON): the fields the product reads; the server sends more. */
export interface StoredUserInfo {
  readonly id?: string | number;
  readonly mobile?: string;
  readonly channelTagId?: string | number | null;
  readonly [field: string]: unknown;
}

/** The stored user info, or null when it is missing or not a JSON object (never throws). */
export function parseStoredUserInfo(raw: string | null | undefined): StoredUserInfo | null {
  if (raw == null || raw === "") return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as StoredUserInfo)
      : null;
  } catch {
    return null;
  }
}

/** The `channelTagId` header: from the stored user info, '0' when there is none. */
export function channelTagIdOf(userInfo: StoredUserInfo | null): string {
  const id = userInfo?.channelTagId;
  return id == null || id === "" ? locale.defaultChannelTagId : String(id);
}

/**
 * Seconds left before an SMS code can be sent again (60 s after the last send; 0 = send now).
 * Computed from the send time, not by counting ticks, so a backgrounded tab cannot stretch it.
 */
export function smsResendRemaining(sentAtMs: number | null, nowMs: number): number {
  if (sentAtMs === null) return 0;
  const left = limits.smsResendSeconds * 1000 - (nowMs - sentAtMs);
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
