import type { PlatformApi } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";
import { allowedMenuKeysOf } from "./menuKeys";

/** Query keys of what the 'my' panel shows; other screens that read the same data reuse them. */
export const myKeys = {
  profile: () => ["user", "profile"] as const,
  wallet: () => ["trade", "accountDetail"] as const,
  activityProps: () => ["marketing", "props"] as const,
  memberBenefits: (userId: string) => ["user", "memberBenefits", userId] as const,
  allowedMenuKeys: () => ["system", "menuConfig", "allowedKeys"] as const,
  unreadTotal: () => ["user", "unreadTotal"] as const,
};

/** The signed-in user's own profile (nickname, avatar, member ID, membership). */
export function profileQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: myKeys.profile(),
    queryFn: ({ signal }) => api.user.queryInfo({}, { signal }),
  });
}

/** The account wallet list (every balance type, in hundredths). */
export function walletQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: myKeys.wallet(),
    queryFn: ({ signal }) => api.trade.accountDetail({}, { signal }),
  });
}

/** Activity props: integral, game tokens, viewing cards. */
export function activityPropsQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: myKeys.activityProps(),
    queryFn: ({ signal }) => api.marketing.propsList({}, { signal }),
  });
}

/** The member benefits of a user (isCommentEnabled is the comment privilege, spec §6). */
export function memberBenefitsQueryOptions(api: PlatformApi, userId: string) {
  return queryOptions({
    queryKey: myKeys.memberBenefits(userId),
    queryFn: ({ signal }) => api.user.queryMemberBenefits({ userId }, { signal }),
  });
}

/** The menu keys the server allows this user, gathered over the panel's sections. */
export function allowedMenuKeysQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: myKeys.allowedMenuKeys(),
    queryFn: ({ signal }) => allowedMenuKeysOf(api, signal),
  });
}

/** Unread messages (the message-centre badge). */
export function unreadTotalQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: myKeys.unreadTotal(),
    queryFn: ({ signal }) => api.user.unreadTotal({}, { signal }),
  });
}
