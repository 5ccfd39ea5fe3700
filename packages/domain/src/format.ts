import { limits, relativeTime } from "./constants";
import { Language } from "./enums";
import { MessageKey, message } from "./messages";
import type { Message } from "./messages";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/** Server times come as ISO 8601 or as "YYYY-MM-DD HH:mm:ss" (local time). */
function toEpochMs(time: string | number | Date): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === "number") return time;
  return Date.parse(time.trim().replace(" ", "T"));
}

function localDate(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getFullYear())}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/**
 * How long ago something happened (spec §9): under 3 minutes 'just now', then minutes, hours, and
 * whole days up to 3; after that the date itself (the raw text when the server sent text). A time in
 * the future shows nothing: a clock out of step must not print "-2 minutes ago".
 */
export function relativeTimeOf(time: string | number | Date, now: number | Date): Message | null {
  const at = toEpochMs(time);
  if (Number.isNaN(at)) return message(MessageKey.date, { date: String(time) });
  const diff = (now instanceof Date ? now.getTime() : now) - at;
  if (diff < 0) return null;
  if (diff < relativeTime.justNowMs) return message(MessageKey.justNow);
  if (diff < HOUR) return message(MessageKey.minutesAgo, { count: Math.floor(diff / MINUTE) });
  if (diff < DAY) return message(MessageKey.hoursAgo, { count: Math.floor(diff / HOUR) });
  const days = Math.floor(diff / DAY);
  if (days <= relativeTime.maxDays) return message(MessageKey.daysAgo, { count: days });
  return message(MessageKey.date, { date: typeof time === "string" ? time : localDate(at) });
}

/** A length in milliseconds as h:mm:ss (an hour or more) or m:ss; whole seconds, rounded down. */
export function durationOf(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${String(h)}:${pad2(m)}:${pad2(s)}` : `${String(m)}:${pad2(s)}`;
}

/** First 3 digits, ****, last 4 ("138****5678"); too short to mask → unchanged. */
export function maskPhone(phone: string): string {
  return phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** A count badge: hidden at 0, capped at 99 (more shows "99+"). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  const n = Math.floor(count);
  return n > limits.badgeMax ? `${String(limits.badgeMax)}+` : String(n);
}

/** The VIP tag of the 'my' panel. */
export function vipTagOf(user: {
  readonly isVip: boolean;
  readonly isPermanent: boolean;
  readonly remainDays?: number | null;
}): Message {
  if (user.isPermanent) return message(MessageKey.vipPermanent);
  if (user.isVip) return message(MessageKey.vipRemainingDays, { count: Math.max(0, user.remainDays ?? 0) });
  return message(MessageKey.vipNone);
}

/** The `time-zone` header: "GMT+08:00" for a zone 480 minutes east of UTC. */
export function timeZoneHeader(offsetMinutesEastOfUtc: number): string {
  const sign = offsetMinutesEastOfUtc < 0 ? "-" : "+";
  const abs = Math.abs(Math.trunc(offsetMinutesEastOfUtc));
  return `GMT${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** The device's `time-zone` header (`getTimezoneOffset` counts minutes west, hence the minus). */
export function deviceTimeZoneHeader(date: Date = new Date()): string {
  return timeZoneHeader(-date.getTimezoneOffset());
}

/** The `language` header for the chosen language. */
export function languageHeader(language: Language): "zh_CN" | "en_US" {
  return language === Language.enUS ? "en_US" : "zh_CN";
}
