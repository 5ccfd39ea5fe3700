import { z } from "zod";
import { ZChannelTagId, ZId, ZNone } from "./common";

export const trackingSchemas = {
  "tracking.reportNew": {
    request: z.object({
      userId: ZId.nullable(),
      channelTagId: ZChannelTagId,
      /** Milliseconds since the epoch, when the event happened on the device. */
      timestamp: z.number().int().positive(),
      event: z.string().trim().min(1).max(64),
      referrer: z.string().max(512),
      page: z.string().max(512),
      /** Event details as a JSON string (spec §7). */
      data: z
        .string()
        .max(4096)
        .refine(
          (text) => {
            try {
              JSON.parse(text);
              return true;
            } catch {
              return false;
            }
          },
          { error: "data must be a JSON string" },
        ),
    }),
    response: ZNone,
  },
} as const;
