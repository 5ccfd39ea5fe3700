/**
 * Where the product's links go (spec §2 internal link types, promotion jumps): a module of its own,
 * so an app bundles it with the screens that follow links rather than with its routing rules.
 */
import { PromotionJumpType } from "./enums";
import { InternalLinkType, LinkTarget } from "./enums-on-demand";
import { MessageKey, message } from "./messages";
import type { Message } from "./messages";

export type LinkAction =
  | { readonly kind: "external"; readonly url: string; readonly newTab: boolean }
  | { readonly kind: "route"; readonly to: string; readonly search?: Readonly<Record<string, string>> }
  | { readonly kind: "toast"; readonly message: Message };

const unsupported: LinkAction = { kind: "toast", message: message(MessageKey.linkUnsupported) };
const missing: LinkAction = { kind: "toast", message: message(MessageKey.linkMissing) };

const webUrlPattern = /^https?:\/\/[^\s/?#\\]+[^\s]*$/i;

/** Only web addresses leave the app: a `javascript:` or `data:` link is never followed. */
function webUrl(url: string | null | undefined): string | null {
  const trimmed = url?.trim() ?? "";
  return webUrlPattern.test(trimmed) ? trimmed : null;
}

function external(url: string | null | undefined, newTab: boolean): LinkAction {
  const href = webUrl(url);
  return href === null ? unsupported : { kind: "external", url: href, newTab };
}

export interface InternalLink {
  readonly type: string | null | undefined;
  readonly url?: string | null;
  readonly path?: string | null;
  readonly id?: string | number | null;
  readonly target?: string | null;
}

/**
 * What an internal link does (spec §2). Types the H5 app has no screen for say 'this jump type is
 * not currently supported'; a link without a known type says 'no link type'.
 */
export function resolveInternalLink(link: InternalLink): LinkAction {
  switch (link.type) {
    case InternalLinkType.LINK:
      return external(link.url, link.target === LinkTarget.OUTER_LINK);
    case InternalLinkType.ROUTER: {
      const to = link.path?.trim() ?? "";
      return to.startsWith("/") && !to.startsWith("//") ? { kind: "route", to } : unsupported;
    }
    case InternalLinkType.GAME:
      return { kind: "route", to: "/game" };
    case InternalLinkType.VIDEO:
      return link.id == null || link.id === ""
        ? unsupported
        : { kind: "route", to: "/videoview", search: { id: String(link.id) } };
    case InternalLinkType.VIP:
      return { kind: "route", to: "/membervip" };
    case InternalLinkType.GOLD:
      return { kind: "route", to: "/trade" };
    case InternalLinkType.NATIONAL_AGENT:
    case InternalLinkType.BIND_MOBILE_WELFARE:
    case InternalLinkType.CONDO:
    case InternalLinkType.FRIEND_APP:
      return unsupported;
    default:
      return missing;
  }
}

/** A promotion's jump (the spec spells the field `jumpAdress`): GOLD opens the trade page. */
export function resolvePromotionJump(jump: {
  readonly jumpType: string | null | undefined;
  readonly jumpAdress?: string | null;
}): LinkAction {
  switch (jump.jumpType) {
    case PromotionJumpType.GOLD:
      return { kind: "route", to: "/trade" };
    case PromotionJumpType.LINK:
      return external(jump.jumpAdress, true);
    default:
      return missing;
  }
}
