import type { Channel, PlatformApi } from "@platform/api-client";
import { Language, wholeNumberText } from "@platform/domain";
import { localeOf } from "@platform/i18n";
import { queryOptions } from "@tanstack/react-query";

/** The call of the channel page's title (a narrow slice, so tests can hand in a fake). */
export interface ChannelApi {
  readonly substance: Pick<PlatformApi["substance"], "channelInfo">;
}

export const channelKeys = {
  all: ["channel"] as const,
  info: (channelTagId: string) => [...channelKeys.all, "info", channelTagId] as const,
};

/** Channel names change rarely: keep them for a few minutes. */
const CHANNEL_STALE_MS = 5 * 60_000;

/**
 * The channel an address names (/d/{channelTagId}): its id as canonical digits (the server's rule:
 * a safe integer from 0, "007" is 7), or null when the address cannot name a channel at all.
 */
export function channelIdOf(param: string): string | null {
  return wholeNumberText(param, 0);
}

/**
 * One channel's names. Quiet: an unknown channel is the page's own not-found screen, not a toast
 * over it (and the page's list reports a failed connection itself).
 */
export function channelInfoQueryOptions(api: ChannelApi, channelTagId: string) {
  return queryOptions({
    queryKey: channelKeys.info(channelTagId),
    queryFn: ({ signal }) => api.substance.channelInfo({ channelTagId }, { signal, quiet: true }),
    staleTime: CHANNEL_STALE_MS,
  });
}

/** The channel's name in the app's language (the answer holds both, so a switch needs no call). */
export function channelNameIn(channel: Channel, locale: string): string {
  return locale === localeOf[Language.enUS] ? channel.names.enUS : channel.names.zhCN;
}
