/**
 * Number and time text of the video cards, in the active locale ("zh-CN", "en-US"): Intl does the
 * locale's own shortening (1.2万 / 12K), so no unit is written here.
 */

const compactFormats = new Map<string, Intl.NumberFormat>();

/** A play count, compact in the locale: 12000 is "1.2万" in zh-CN and "12K" in en-US. */
export function formatPlayCount(count: number | null | undefined, locale: string): string {
  const n = count != null && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  let format = compactFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    compactFormats.set(locale, format);
  }
  return format.format(n);
}

/** Server times come as ISO 8601, as "YYYY-MM-DD HH:mm:ss" (local time) or as epoch milliseconds. */
function toEpochMs(time: string | number): number {
  return typeof time === "number" ? time : Date.parse(time.trim().replace(" ", "T"));
}

/**
 * A date and time to the minute in the locale ("2024/05/01 12:30", "05/01/2024, 12:30"); text the
 * cards cannot read is shown as the server sent it.
 */
export function formatDateTime(time: string | number, locale: string): string {
  const at = toEpochMs(time);
  if (Number.isNaN(at)) return String(time);
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}
