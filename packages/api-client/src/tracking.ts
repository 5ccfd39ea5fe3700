import type { ApiClient } from "./client";
import type { CallOptions } from "./client-options";
import { channelTagIdOf } from "@platform/domain";

export interface TrackInput {
  readonly event: string;
  readonly page: string;
  readonly referrer?: string;
  /** Details; sent as a JSON string (spec §7). */
  readonly data?: unknown;
  readonly options?: CallOptions;
}

/** reportNew with the stored user id and channel tag, the device time, `data` as JSON text. */
export async function trackEvent(client: ApiClient, input: TrackInput): Promise<void> {
  const user = client.userInfo;
  await client.call(
    "tracking.reportNew",
    {
      userId: user?.id == null ? null : String(user.id),
      channelTagId: channelTagIdOf(user),
      timestamp: Date.now(),
      event: input.event,
      referrer: input.referrer ?? "",
      page: input.page,
      data: JSON.stringify(input.data ?? {}),
    },
    input.options,
  );
}
