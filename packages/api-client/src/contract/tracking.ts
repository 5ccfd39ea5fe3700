import { z } from "zod";
import { ZChannelTagId, ZId, ZLine, ZNone, hasForbiddenCharacter } from "./common";

/** Events happen between these instants (2000-01-01 and 2100-01-01, UTC): a valid date either way. */
export const EVENT_TIME_RANGE = { min: 946_684_800_000, max: 4_102_444_800_000 } as const;
/** How deep an event's `data` may nest. */
const MAX_DATA_DEPTH = 16;

/** Whether parsed JSON holds only text we can store (no NUL or control characters, in keys too) and nests shallowly. */
function storableJson(value: unknown, depth = 0): boolean {
  if (depth > MAX_DATA_DEPTH) return false;
  if (typeof value === "string") return !hasForbiddenCharacter(value);
  if (Array.isArray(value)) return value.every((item) => storableJson(item, depth + 1));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(
      ([key, item]) => !hasForbiddenCharacter(key) && storableJson(item, depth + 1),
    );
  }
  return true;
}

/** Event details: JSON text (spec §7) whose content can be stored as it is. */
export const ZEventData = z
  .string()
  .max(4096)
  .refine(
    (text) => {
      try {
        return storableJson(JSON.parse(text));
      } catch {
        return false;
      }
    },
    { error: "data must be a JSON string of storable text, nested at most 16 deep" },
  );

export const trackingSchemas = {
  "tracking.reportNew": {
    request: z.object({
      userId: ZId.nullable(),
      channelTagId: ZChannelTagId,
      /** Milliseconds since the epoch, when the event happened on the device. */
      timestamp: z.number().int().min(EVENT_TIME_RANGE.min).max(EVENT_TIME_RANGE.max),
      event: ZLine(64).min(1),
      referrer: ZLine(512),
      page: ZLine(512),
      /** Event details as a JSON string (spec §7). */
      data: ZEventData,
    }),
    response: ZNone,
  },
} as const;
