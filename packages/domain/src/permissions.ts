import { isMobileUserAgent } from "./constants";
import { MenuConfigType } from "./enums";

/**
 * Who may do what (spec §6), as seen by the screens. The server enforces the same ownership on
 * every call; these decide only what is offered.
 */
type UserId = string | number;

function sameUser(a: UserId | null | undefined, b: UserId | null | undefined): boolean {
  return a != null && b != null && String(a) === String(b);
}

export type CommentAction = "copy" | "report" | "delete" | "cancel";

/** The comment action sheet: copy for all; delete on one's own; report on others'; cancel. */
export function commentActions(
  comment: { readonly commentUserId: UserId },
  viewerId: UserId | null | undefined,
): readonly CommentAction[] {
  return ["copy", sameUser(comment.commentUserId, viewerId) ? "delete" : "report", "cancel"];
}

/** The follow button is hidden on the viewer's own row. */
export function showsFollowButton(rowUserId: UserId, viewerId: UserId | null | undefined): boolean {
  return !sameUser(rowUserId, viewerId);
}

/** A profile's owner gets 'change background'; everyone else gets the Report menu. */
export function profileControls(
  profileUserId: UserId,
  viewerId: UserId | null | undefined,
): { readonly changeBackground: boolean; readonly report: boolean } {
  const own = sameUser(profileUserId, viewerId);
  return { changeBackground: own, report: !own };
}

/**
 * What focusing the comment input does: with the comment privilege (isCommentEnabled, from the
 * member-benefits query) the send button appears; without it, the super-membership dialog opens.
 */
export function commentFocusOutcome(
  benefits: { readonly isCommentEnabled?: boolean | null } | null | undefined,
): "compose" | "membershipDialog" {
  return benefits?.isCommentEnabled === true ? "compose" : "membershipDialog";
}

export interface MembershipState {
  readonly isVip: boolean;
  readonly isPermanent: boolean;
}

/**
 * The 'my' panel's membership controls: 'go to super VIP' for non-VIPs only; the shortcut reads
 * 'renew member' for VIPs and 'open super VIP' otherwise, and is hidden for permanent members.
 */
export function membershipControls(user: MembershipState): {
  readonly goToSuperVip: boolean;
  readonly shortcut: "renew" | "open" | null;
} {
  return {
    goToSuperVip: !user.isVip && !user.isPermanent,
    shortcut: user.isPermanent ? null : user.isVip ? "renew" : "open",
  };
}

export interface MenuItem {
  /** The key the server lists among the allowed menu keys (its `figmaKey`). */
  readonly figmaKey: string;
  readonly children?: readonly MenuItem[];
}

/**
 * Menu children are filtered by the server's list of allowed keys; a section left with no children
 * is dropped, and a leaf section stays only if its own key is allowed.
 */
export function filterMenu<T extends MenuItem>(items: readonly T[], allowedKeys: Iterable<string>): T[] {
  const allowed = new Set(allowedKeys);
  return items.flatMap((item) => {
    if (item.children === undefined) return allowed.has(item.figmaKey) ? [item] : [];
    const children = item.children.filter((c) => allowed.has(c.figmaKey));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** The four sections the menu configuration call is asked for, in panel order. */
export const menuSections: readonly MenuConfigType[] = [
  MenuConfigType.VIDEO,
  MenuConfigType.ACCOUNT,
  MenuConfigType.RECOMMEND,
  MenuConfigType.MORE,
];

/** Mobile user agents share through the native sheet when the browser has one; others copy the link. */
export function shareMethod(userAgent: string, hasNativeShare: boolean): "native" | "copy" {
  return hasNativeShare && isMobileUserAgent(userAgent) ? "native" : "copy";
}
