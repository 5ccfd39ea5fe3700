import { resolveInternalLink, resolvePromotionJump } from "@platform/domain";
import type { InternalLink, LinkAction, Message } from "@platform/domain";
import { useMessageText, useToast } from "@platform/ui";
import { useRouter } from "@tanstack/react-router";

/** A promotion (banner, member-centre picture): `jumpType` GOLD or LINK and its `jumpAdress`. */
export type PromotionJump = Parameters<typeof resolvePromotionJump>[0];

/** What carrying out a link needs from the page: the router, the window and the toasts. */
export interface LinkEffects {
  /** Go to a path of this app (with its search). */
  readonly navigate: (href: string) => void;
  /** Open a web address in a new tab (OUTER_LINK, promotions). */
  readonly openTab: (url: string) => void;
  /** Leave for a web address in this tab. */
  readonly leave: (url: string) => void;
  readonly toast: (text: string) => void;
}

/** A route and its search params as one app path ("/videoview?id=42"). */
export function hrefOf(to: string, search?: Readonly<Record<string, string>>): string {
  const query = search === undefined ? "" : new URLSearchParams(search).toString();
  if (query === "") return to;
  return `${to}${to.includes("?") ? "&" : "?"}${query}`;
}

/** Carry out what `resolveInternalLink` / `resolvePromotionJump` decided. */
export function runLinkAction(
  action: LinkAction,
  effects: LinkEffects,
  text: (message: Message) => string,
): void {
  switch (action.kind) {
    case "external":
      if (action.newTab) effects.openTab(action.url);
      else effects.leave(action.url);
      return;
    case "route":
      effects.navigate(hrefOf(action.to, action.search));
      return;
    case "toast":
      effects.toast(text(action.message));
      return;
  }
}

function useLinkRunner(): (action: LinkAction) => void {
  const router = useRouter();
  const toast = useToast();
  const text = useMessageText();
  return (action: LinkAction) => {
    runLinkAction(
      action,
      {
        navigate: (href) => void router.navigate({ href }),
        openTab: (url) => {
          window.open(url, "_blank", "noopener,noreferrer");
        },
        leave: (url) => {
          window.location.assign(url);
        },
        toast: (message) => {
          toast.show(message);
        },
      },
      text,
    );
  };
}

/**
 * Follow an internal link (spec §2 link types): a web address (a new tab for OUTER_LINK), a screen
 * of the app, or the toast 'this jump type is not currently supported' / 'no link type'.
 */
export function useOpenLink(): (link: InternalLink) => void {
  const run = useLinkRunner();
  return (link: InternalLink) => {
    run(resolveInternalLink(link));
  };
}

/** Follow a promotion's jump: GOLD opens the trade page, LINK its address in a new tab. */
export function usePromotionJump(): (jump: PromotionJump) => void {
  const run = useLinkRunner();
  return (jump: PromotionJump) => {
    run(resolvePromotionJump(jump));
  };
}
