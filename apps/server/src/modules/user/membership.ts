/** Membership of a user row: permanent, or until a time. */
export interface MembershipFields {
  readonly vipPermanent: boolean;
  readonly vipExpiresAt: Date | null;
}

const DAY_MS = 24 * 3600 * 1000;

export function isVipNow(user: MembershipFields, now: Date): boolean {
  return user.vipPermanent || (user.vipExpiresAt !== null && user.vipExpiresAt.getTime() > now.getTime());
}

/** Whole days left, counting a started day as a day (0 for non-members and permanent members). */
export function remainDaysOf(user: MembershipFields, now: Date): number {
  if (user.vipPermanent || user.vipExpiresAt === null) return 0;
  const left = user.vipExpiresAt.getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

/** The membership fields every user answer carries (spec §3 user info). */
export function membershipOf(user: MembershipFields, now: Date) {
  return { isVip: isVipNow(user, now), isPermanent: user.vipPermanent, remainDays: remainDaysOf(user, now) };
}
