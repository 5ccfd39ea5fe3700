import type { PlatformApi, Profile } from "@platform/api-client";
import type { MyPanelActivityProps, MyPanelBalances } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { ownIdOf } from "../../app/session/own";
import {
  activityPropsQueryOptions,
  memberBenefitsQueryOptions,
  profileQueryOptions,
  unreadTotalQueryOptions,
  walletQueryOptions,
} from "../../app/session/queries";
import { panelBalancesOf } from "./balances";
import { allowedMenuKeysQueryOptions } from "./queries";

export interface MyPanelData {
  /** Something is being (re)loaded: the panel shows its placeholder. */
  readonly loading: boolean;
  /** A call the panel shows failed (the client has toasted it already). */
  readonly failed: boolean;
  readonly retry: () => void;
  readonly profile?: Profile;
  readonly balances?: MyPanelBalances;
  readonly props?: MyPanelActivityProps;
  readonly allowedMenuKeys: readonly string[];
  readonly unreadMessages: number;
}

const noKeys: readonly string[] = [];

/**
 * Everything the 'my' panel shows, loaded each time it opens (spec §2): `staleTime: 0` makes every
 * query stale, so switching `enabled` on refetches them all, and the placeholder shows meanwhile.
 * Member benefits are refreshed with the rest (the comment privilege reads the same query) but
 * the panel does not show them, so their failure does not block it.
 */
export function useMyPanelData(api: PlatformApi, open: boolean): MyPanelData {
  const onOpen = { enabled: open, staleTime: 0 } as const;
  const userId = ownIdOf(api);
  const profile = useQuery({ ...profileQueryOptions(api), ...onOpen });
  const wallet = useQuery({ ...walletQueryOptions(api), ...onOpen });
  const props = useQuery({ ...activityPropsQueryOptions(api), ...onOpen });
  const menuKeys = useQuery({ ...allowedMenuKeysQueryOptions(api), ...onOpen });
  const unread = useQuery({ ...unreadTotalQueryOptions(api), ...onOpen });
  const benefits = useQuery({
    ...memberBenefitsQueryOptions(api, userId),
    enabled: open && userId !== "",
    staleTime: 0,
  });

  const shown = [profile, wallet, props, menuKeys, unread];
  return {
    loading: open && [...shown, benefits].some((q) => q.isFetching),
    failed: shown.some((q) => q.isError),
    retry: () => {
      for (const q of shown) if (q.isError) void q.refetch();
    },
    profile: profile.data,
    balances: wallet.data === undefined ? undefined : panelBalancesOf(wallet.data),
    props: props.data,
    allowedMenuKeys: menuKeys.data ?? noKeys,
    unreadMessages: unread.data?.total ?? 0,
  };
}
