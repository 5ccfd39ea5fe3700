import { Language, message, MessageKey } from "@platform/domain";
import { translateMessage } from "@platform/i18n";
import type { Message } from "@platform/domain";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { byText, click, control, renderApp, waitFor } from "../test/renderApp";
import { hrefOf, runLinkAction, useOpenLink, usePromotionJump } from "./links";
import type { LinkEffects } from "./links";

function effects() {
  return {
    navigate: vi.fn<(href: string) => void>(),
    openTab: vi.fn<(url: string) => void>(),
    leave: vi.fn<(url: string) => void>(),
    toast: vi.fn<(text: string) => void>(),
  } satisfies LinkEffects;
}
const keyText = (m: Message) => m.key;

describe("the link dispatcher", () => {
  it("opens OUTER_LINK web addresses in a new tab and INNER_LINK ones here", () => {
    const e = effects();
    runLinkAction({ kind: "external", url: "https://example.com/a", newTab: true }, e, keyText);
    runLinkAction({ kind: "external", url: "https://example.com/b", newTab: false }, e, keyText);
    expect(e.openTab).toHaveBeenCalledWith("https://example.com/a");
    expect(e.leave).toHaveBeenCalledWith("https://example.com/b");
    expect(e.navigate).not.toHaveBeenCalled();
  });

  it("navigates to app routes with their search", () => {
    const e = effects();
    runLinkAction({ kind: "route", to: "/videoview", search: { id: "42" } }, e, keyText);
    runLinkAction({ kind: "route", to: "/trade" }, e, keyText);
    expect(e.navigate.mock.calls).toEqual([["/videoview?id=42"], ["/trade"]]);
    expect(hrefOf("/mycollection?active=ALL", { x: "1" })).toBe("/mycollection?active=ALL&x=1");
    expect(hrefOf("/game", {})).toBe("/game");
  });

  it("toasts the translated message otherwise", () => {
    const e = effects();
    runLinkAction({ kind: "toast", message: message(MessageKey.linkMissing) }, e, keyText);
    expect(e.toast).toHaveBeenCalledWith(MessageKey.linkMissing);
  });
});

function Links() {
  const openLink = useOpenLink();
  const jump = usePromotionJump();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          openLink({ type: "VIDEO", id: 42 });
        }}
      >
        video
      </button>
      <button
        type="button"
        onClick={() => {
          openLink({ type: "CONDO" });
        }}
      >
        condo
      </button>
      <button
        type="button"
        onClick={() => {
          openLink({ type: "NOPE" });
        }}
      >
        nope
      </button>
      <button
        type="button"
        onClick={() => {
          openLink({ type: "LINK", url: "https://example.com/x", target: "OUTER_LINK" });
        }}
      >
        outer
      </button>
      <button
        type="button"
        onClick={() => {
          jump({ jumpType: "GOLD", jumpAdress: null });
        }}
      >
        gold
      </button>
    </>
  );
}

describe("useOpenLink / usePromotionJump", () => {
  let cleanup: (() => void) | null = null;
  afterEach(() => {
    cleanup?.();
    cleanup = null;
    vi.restoreAllMocks();
  });

  it("route, open a tab, or toast in the active language", async () => {
    const app = await renderApp({
      api: {},
      path: "/links",
      pages: { "/links": Links },
      language: Language.enUS,
    });
    cleanup = app.unmount;
    const open = vi.spyOn(window, "open").mockReturnValue(null);

    await click(control("outer"));
    expect(open).toHaveBeenCalledWith("https://example.com/x", "_blank", "noopener,noreferrer");

    await click(control("condo"));
    await waitFor(() => byText(translateMessage(app.i18n, message(MessageKey.linkUnsupported))));
    expect(byText("This kind of link is not supported yet")).toBeTruthy();
    await click(control("nope"));
    await waitFor(() => byText("No link type"));

    await click(control("video"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/videoview");
    });
    expect(app.router.state.location.search).toEqual({ id: 42 });

    await act(async () => {
      await app.router.navigate({ href: "/links" });
    });
    await waitFor(() => control("gold"));
    await click(control("gold"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/trade");
    });
  });
});
