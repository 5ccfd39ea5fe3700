import { act } from "react";
import { describe, expect, it } from "vitest";
import { sessionKeys } from "../../app/session/queries";
import { myPanelOpenAtom } from "../../app/state";
import { withCatalog } from "../../components/CatalogGate";
import { byText, click, control, renderApp, waitFor } from "../../test/renderApp";
import { MessagesScreen } from "../account/MessagesScreen";
import { fakeMessagesApi } from "../account/test/fakeMessagesApi";
import { MyPanelHost } from "./MyPanelHost";

// The message centre as its route has it (held until the account catalog is loaded), the panel
// beside it as AppShell has it.
const Messages = withCatalog("account", MessagesScreen);

function render(api: unknown) {
  return renderApp({ api, path: "/messages", pages: { "/messages": Messages }, shell: <MyPanelHost /> });
}

const rows = () => [...document.body.querySelectorAll<HTMLElement>(".h5-message")];
const badge = () =>
  document.querySelector(".pf-my-panel__messages .pf-badge [aria-hidden]")?.textContent ?? null;

describe("the 'my' panel's message badge", () => {
  it("'mark all read' marks every message read and the 'my' panel's badge follows", async () => {
    const fake = fakeMessagesApi();
    const app = await render(fake.api);
    await waitFor(() => byText("3 条未读"));
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => {
      expect(badge()).toBe("3");
    });
    act(() => {
      app.store.set(myPanelOpenAtom, false);
    });

    const before = fake.calls.unreadTotal;
    await click(control("全部已读"));
    // The badge's query is invalidated: asked for again at once while something shows it.
    await waitFor(() => {
      expect(fake.calls.unreadTotal).toBeGreaterThan(before);
    });
    await waitFor(() => byText("没有未读消息"));
    expect(fake.calls.read).toEqual([{ all: true }]);
    expect(rows().some((r) => r.classList.contains("h5-message--unread"))).toBe(false);
    expect(app.queryClient.getQueryData(sessionKeys.unreadTotal())).toEqual({ total: 0 });
    expect((control("全部已读") as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => {
      expect(document.querySelector(".pf-my-panel__messages")).not.toBeNull();
      expect(badge()).toBeNull();
    });
  });
});
