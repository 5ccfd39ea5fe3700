import { memoryStorage } from "@platform/api-client";
import { Language, StorageKey } from "@platform/domain";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { myPanelOpenAtom } from "../../app/state";
// The panel as the app mounts it: with its catalog (features/my/MyPanelWhenOpened).
import { MyPanelHostWithCatalog } from "./MyPanelHost";
import { byText, click, control, queryText, renderApp, waitFor } from "../../test/renderApp";

import { panelProfile as profile } from "./test/panelProfile";

/** Only what the panel calls; `hold` makes queryInfo wait until released. */
function fakeApi() {
  const calls = { queryInfo: 0, benefitsFor: [] as string[] };
  let failNext = false;
  let gate: Promise<void> | null = null;
  let release: () => void = () => undefined;
  const api = {
    client: {
      userInfo: { id: "7", mobile: "13800000001", nickName: "小影 Ying", channelTagId: "0" },
      storage: memoryStorage({ [StorageKey.refreshToken]: "refresh-7" }),
      signOut: vi.fn(),
      call: vi.fn(() => Promise.resolve(null)),
    },
    user: {
      queryInfo: async () => {
        calls.queryInfo += 1;
        if (gate) await gate;
        if (failNext) {
          failNext = false;
          throw new Error("system error");
        }
        return profile;
      },
      unreadTotal: () => Promise.resolve({ total: 120 }),
      queryMemberBenefits: ({ userId }: { userId: string }) => {
        calls.benefitsFor.push(userId);
        return Promise.resolve({ isCommentEnabled: true, isVip: true, discount: 8 });
      },
    },
    trade: {
      accountDetail: () =>
        Promise.resolve([
          { type: "GOLD", wallet: 19_550 },
          { type: "WALLET", wallet: 5_000 },
          { type: "GAME", wallet: 800 },
          { type: "GAME_BONUS", wallet: 0 },
        ]),
    },
    marketing: { propsList: () => Promise.resolve({ integral: 1280, gameToken: 30, videoCard: 2 }) },
    system: {
      // Finance and recommended services are not allowed for this user.
      menuConfig: ({ type }: { type: string }) =>
        Promise.resolve(
          type === "VIDEO"
            ? [{ figmaKey: "myBuy", name: "", sort: 1 }]
            : type === "MORE"
              ? [{ figmaKey: "settings", name: "", sort: 2 }]
              : [],
        ),
    },
  };
  return {
    api,
    calls,
    failOnce: () => {
      failNext = true;
    },
    hold: () => {
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
    },
    release: () => {
      release();
    },
  };
}

function drawer(): HTMLElement | null {
  return document.body.querySelector<HTMLElement>('[role="dialog"]');
}

async function openPanel(app: Awaited<ReturnType<typeof renderApp>>) {
  act(() => {
    app.store.set(myPanelOpenAtom, true);
  });
  await waitFor(() => byText("195.50"));
}

describe("MyPanelHost", () => {
  it("signed out, asks the server nothing and still offers 'post a video', which goes to sign-in", async () => {
    const fake = fakeApi();
    const api = { ...fake.api, client: { ...fake.api.client, userInfo: null } };
    const app = await renderApp({ api, shell: <MyPanelHostWithCatalog /> });
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => control("发布视频"));
    expect(fake.calls.queryInfo).toBe(0);
    await click(control("发布视频"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/editvideo");
    });
  });

  it("loads its data each time it opens, with the placeholder meanwhile, balances in two decimals", async () => {
    const fake = fakeApi();
    const app = await renderApp({ api: fake.api, shell: <MyPanelHostWithCatalog /> });
    expect(drawer()).toBeNull();

    fake.hold();
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => {
      expect(drawer()?.getAttribute("aria-busy")).toBe("true");
    });
    fake.release();
    await waitFor(() => byText("195.50"));
    expect(drawer()?.hasAttribute("aria-busy")).toBe(false);
    expect(byText("50.00")).toBeTruthy();
    expect(byText("8.00")).toBeTruthy();
    expect(byText("1280")).toBeTruthy();
    expect(byText("小影 Ying")).toBeTruthy();
    expect(byText("99+")).toBeTruthy();
    expect(fake.calls.benefitsFor).toEqual(["7"]);
    // Menu sections without an allowed entry are gone.
    expect(queryText("视频")).not.toBeNull();
    expect(queryText("更多服务")).not.toBeNull();
    expect(queryText("财务")).toBeNull();
    expect(queryText("推荐服务")).toBeNull();

    await click(document.body.querySelector<HTMLElement>('[aria-label="关闭"]') ?? document.body);
    await waitFor(() => {
      expect(drawer()).toBeNull();
    });
    expect(app.store.get(myPanelOpenAtom)).toBe(false);

    await openPanel(app);
    expect(fake.calls.queryInfo).toBe(2);
  });

  it("closes on any route change, and its entries open their routes", async () => {
    const fake = fakeApi();
    const app = await renderApp({ api: fake.api, shell: <MyPanelHostWithCatalog /> });

    await openPanel(app);
    await act(async () => {
      await app.router.navigate({ href: "/trend" });
    });
    await waitFor(() => {
      expect(drawer()).toBeNull();
    });
    expect(app.store.get(myPanelOpenAtom)).toBe(false);

    await openPanel(app);
    await click(control("视频"));
    await click(control("我的购买"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/mybuy");
    });
    expect(drawer()).toBeNull();

    await openPanel(app);
    await click(control("历史记录"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/myhistory");
    });

    await openPanel(app);
    await click(control("更多服务"));
    await click(control("设置"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/mysettings");
    });
  });

  it("shows an error with retry when a call fails", async () => {
    const fake = fakeApi();
    fake.failOnce();
    const app = await renderApp({ api: fake.api, shell: <MyPanelHostWithCatalog /> });
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => byText("加载失败，请稍后重试"));
    await click(control("重试"));
    await waitFor(() => byText("195.50"));
  });

  it("logs out from 'switch account' to the login page, keeping the language", async () => {
    const fake = fakeApi();
    const app = await renderApp({
      api: fake.api,
      shell: <MyPanelHostWithCatalog />,
      language: Language.enUS,
    });
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => byText("195.50"));
    await click(control("Switch account"));
    await waitFor(() => byText("Log out"));
    await click(control("Log out"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/login");
    });
    expect(fake.api.client.signOut).toHaveBeenCalledOnce();
    // Ended on the server too: the token it had is revoked.
    expect(fake.api.client.call).toHaveBeenCalledWith(
      "auth.tokenRevoke",
      { refresh_token: "refresh-7" },
      { quiet: true },
    );
    expect(app.store.get(myPanelOpenAtom)).toBe(false);
  });
});
