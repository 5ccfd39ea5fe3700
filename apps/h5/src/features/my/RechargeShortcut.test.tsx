import { act } from "react";
import { describe, expect, it } from "vitest";
import { myPanelOpenAtom } from "../../app/state";
import { byText, click, control, renderApp, waitFor } from "../../test/renderApp";
import { MyPanelHost } from "./MyPanelHost";

/** What the 'my' panel calls, for a member with the finance menu allowed. */
function panelApi() {
  return {
    client: {
      userInfo: { id: "7", mobile: "13800000001", nickName: "小影 Ying", channelTagId: "0" },
      storage: { get: () => null },
      signOut: () => undefined,
    },
    user: {
      queryInfo: () =>
        Promise.resolve({
          userId: "7",
          nickName: "小影 Ying",
          avatarFileUrl: null,
          memberId: "80000007",
          isVip: false,
          isPermanent: false,
          remainDays: 0,
        }),
      unreadTotal: () => Promise.resolve({ total: 0 }),
      queryMemberBenefits: () => Promise.resolve({ isCommentEnabled: false, isVip: false, discount: 10 }),
    },
    trade: {
      accountDetail: () =>
        Promise.resolve([
          { type: "GOLD", wallet: 19_550 },
          { type: "WALLET", wallet: 5_000 },
        ]),
    },
    marketing: { propsList: () => Promise.resolve({ integral: 0, gameToken: 0, videoCard: 0 }) },
    system: {
      menuConfig: ({ type }: { type: string }) =>
        Promise.resolve(type === "ACCOUNT" ? [{ figmaKey: "recharge", name: "", sort: 1 }] : []),
    },
  };
}

describe("the 'my' panel's recharge shortcut", () => {
  it("opens /trade remembering the page it was pressed on", async () => {
    const app = await renderApp({ api: panelApi(), path: "/videoview?id=42", shell: <MyPanelHost /> });
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => byText("195.50"));
    await click(control("充值账户"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/trade");
    });
    expect(app.router.state.location.search).toEqual({ from: "/videoview?id=42" });
  });
});
