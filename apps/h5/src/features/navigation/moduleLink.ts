import type { ResponseOf } from "@platform/api-client";
import { InternalLinkType, LinkTarget } from "@platform/domain";
import type { InternalLink } from "@platform/domain";

/** A module of the navigation map as the server gives it (its name in the request's language). */
export type AppModule = ResponseOf<"system.appModules">["modules"][number];

const digits = /^\d+$/;

/** A path of this app ("/home", "/videoview?id=42"), never another origin ("//x", "/\\x"). */
function isAppPath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}

/** The video a VIDEO link names: its id, or the `id` of a /videoview address. */
function videoIdOf(url: string): string | null {
  if (digits.test(url)) return url;
  if (!isAppPath(url)) return null;
  const id = new URL(url, "http://app.invalid").searchParams.get("id")?.trim() ?? "";
  return digits.test(id) ? id : null;
}

/**
 * A module's link for the domain's `resolveInternalLink` (spec §2 link types): ROUTER and an
 * INNER_LINK target go to a screen of the app, LINK and an OUTER_LINK target open a new tab, a
 * module with no type takes its meaning from its target, VIDEO names its video by id (or by a
 * /videoview address). The other types are the domain's to decide.
 */
export function moduleLink(module: Pick<AppModule, "linkType" | "linkTarget" | "linkUrl">): InternalLink {
  const url = module.linkUrl?.trim() ?? "";
  let type = module.linkType?.trim() ?? "";
  if (type === "") {
    if (module.linkTarget === LinkTarget.INNER_LINK) type = InternalLinkType.ROUTER;
    else if (module.linkTarget === LinkTarget.OUTER_LINK) type = InternalLinkType.LINK;
  } else if (
    type === InternalLinkType.LINK &&
    module.linkTarget === LinkTarget.INNER_LINK &&
    isAppPath(url)
  ) {
    type = InternalLinkType.ROUTER;
  }
  return {
    type: type === "" ? null : type,
    url,
    path: url,
    id: type === InternalLinkType.VIDEO ? videoIdOf(url) : null,
    // A web address always opens in a new tab: the app stays where it was.
    target: type === InternalLinkType.LINK ? LinkTarget.OUTER_LINK : module.linkTarget,
  };
}
