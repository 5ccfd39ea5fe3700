import { ApiClient, ApiError, memoryStorage } from "@platform/api-client";
import type { Credentials } from "@platform/api-client";
import { Language, StorageKey } from "@platform/domain";
import { useQuery } from "@tanstack/react-query";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { channelTagIdAtom, myPanelOpenAtom } from "../../app/state";
import { useApi } from "../../app/useApi";
import { rememberCurrentAccount, rememberedAccounts } from "../../app/session/accounts";
import type { RefreshAccount } from "../../app/session/accounts";
// The panel as the app mounts it: with its catalog (features/my/MyPanelWhenOpened).
import { MyPanelHostWithCatalog } from "./MyPanelHost";
import { byText, click, control, queryText, renderApp, settle, waitFor } from "../../test/renderApp";
import { fakeCredentials } from "../../test/fakes";

import { panelProfile as profile } from "./test/panelProfile";

/** Two accounts signed in on one device, Ying (7, signed in now) and Owl (8), a real client's session. */
const people = {
  "7": { ...profile },
  "8": {
    ...profile,
    userId: "8",
    nickName: "Owl",
    mobile: "13900000008",
    memberId: "80000008",
    username: "u13900000008",
    channelTagId: "3",
  },
};
type PersonId = keyof typeof people;

function credentialsOf(id: PersonId, tokens: string): Credentials {
  const person = people[id];
  return fakeCredentials(tokens, {
    id,
    mobile: person.mobile,
    nickName: person.nickName,
    avatarFileUrl: null,
    channelTagId: person.channelTagId,
    memberId: person.memberId,
    isVip: false,
  });
}

/**
 * The panel's calls answered as the server would for whoever the session's token is (so what is
 * shown after a switch is the new account's), and a refresh of remembered tokens that can be
 * refused (`refuse`) or fail (`fail`).
 */
function fakeDevice() {
  const client = new ApiClient({ clientId: "h5", clientSecret: "s", reqKey: "k", storage: memoryStorage() });
  client.saveCredentials(credentialsOf("8", "8a"));
  rememberCurrentAccount(client);
  client.saveCredentials(credentialsOf("7", "7a"));
  rememberCurrentAccount(client);
  // Sign-out and 'remove' revoke on the server (no server here: the call is only recorded).
  const revoked = vi.spyOn(client, "call").mockResolvedValue(null);
  const who = (): PersonId => (client.accessToken?.startsWith("access-8") === true ? "8" : "7");
  const answer = <T,>(value: T) => Promise.resolve(value);
  const api = {
    client,
    user: {
      queryInfo: () => answer(people[who()]),
      unreadTotal: () => answer({ total: who() === "7" ? 120 : 0 }),
      queryMemberBenefits: ({ userId }: { userId: string }) =>
        answer({ isCommentEnabled: userId === "7", isVip: userId === "7", discount: 8 }),
    },
    trade: {
      accountDetail: () =>
        answer([
          { type: "GOLD", wallet: who() === "7" ? 19_550 : 100 },
          { type: "WALLET", wallet: 5_000 },
          { type: "GAME", wallet: 800 },
          { type: "GAME_BONUS", wallet: 0 },
        ]),
    },
    marketing: { propsList: () => answer({ integral: 1280, gameToken: 30, videoCard: 2 }) },
    system: { menuConfig: () => answer([]) },
  };
  const state = { refuse: false, fail: false };
  const refresh = vi.fn<RefreshAccount>((refreshToken) => {
    if (state.fail) {
      return Promise.reject(
        new ApiError({ kind: "network", endpoint: "auth.tokenRefresh", msg: "Network Error" }),
      );
    }
    if (state.refuse) return Promise.resolve({ kind: "refused" });
    const id: PersonId = refreshToken.startsWith("refresh-8") ? "8" : "7";
    return Promise.resolve({ kind: "ok", credentials: credentialsOf(id, `${id}-refreshed`) });
  });
  return { api, client, refresh, state, revoked };
}

/** A page showing who the session is (its own query, mounted across the switch when it is /home). */
function WhoAmI() {
  const api = useApi();
  const me = useQuery({
    queryKey: ["user", "profile", "whoami"],
    queryFn: () => (api as unknown as ReturnType<typeof fakeDevice>["api"]).user.queryInfo(),
  });
  return <p data-testid="who">{me.data?.nickName ?? "…"}</p>;
}

/** A page of the person's own (its query is keyed by their id). */
function MyOwnPage() {
  const api = useApi();
  const benefits = useQuery({
    queryKey: ["user", "memberBenefits", "7"],
    queryFn: () =>
      (api as unknown as ReturnType<typeof fakeDevice>["api"]).user.queryMemberBenefits({ userId: "7" }),
  });
  return <p data-testid="own">{benefits.data?.isVip === true ? "vip" : "…"}</p>;
}

const who = () => document.body.querySelector('[data-testid="who"]')?.textContent;

/** Everything the query cache holds, keys and data, as text. */
function cacheText(app: Awaited<ReturnType<typeof renderApp>>): string {
  return JSON.stringify(
    app.queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryKey, q.state.data]),
  );
}

async function openSwitchPanel(app: Awaited<ReturnType<typeof renderApp>>) {
  act(() => {
    app.store.set(myPanelOpenAtom, true);
  });
  await click(await waitFor(() => control("切换账号")));
  await waitFor(() => accountRow("Owl"));
}

/** The row of an account in the 'switch account' panel. */
function accountRow(name: string): HTMLElement {
  const row = [...document.body.querySelectorAll<HTMLElement>(".pf-switch-account__row")].find((el) =>
    el.textContent.includes(name),
  );
  if (row === undefined) throw new Error(`no account row of ${name}`);
  return row;
}

function hasAccountRow(name: string): boolean {
  try {
    accountRow(name);
    return true;
  } catch {
    return false;
  }
}

describe("MyPanelHost switching accounts", () => {
  it("'log out' takes the current account off this device's list", async () => {
    const device = fakeDevice();
    const app = await renderApp({
      api: device.api,
      shell: <MyPanelHostWithCatalog refreshAccount={device.refresh} />,
    });
    await openSwitchPanel(app);
    await click(control("退出登录"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/login");
    });
    expect(device.client.accessToken).toBeNull();
    expect(rememberedAccounts(device.client.storage).map((a) => a.id)).toEqual(["8"]);
  });

  it("lists the device's accounts, switches to one, and keeps nothing of the account left", async () => {
    const device = fakeDevice();
    const app = await renderApp({
      api: device.api,
      path: "/mine",
      pages: { "/mine": MyOwnPage, "/home": WhoAmI },
      shell: <MyPanelHostWithCatalog refreshAccount={device.refresh} />,
    });
    await waitFor(() => {
      expect(document.body.querySelector('[data-testid="own"]')?.textContent).toBe("vip");
    });
    // Other screens' data of Ying's, off screen.
    app.queryClient.setQueryData(["user", "collections"], { owner: "小影 Ying", memberId: "80000007" });

    await openSwitchPanel(app);
    const owl = accountRow("Owl");
    expect(owl.textContent).toContain("139****0008");
    expect(accountRow("小影 Ying").getAttribute("aria-current")).toBe("true");
    await click(owl);

    await waitFor(() => byText("已切换到“Owl”"));
    expect(app.router.state.location.pathname).toBe("/home");
    await waitFor(() => {
      expect(who()).toBe("Owl");
    });
    expect(device.refresh).toHaveBeenCalledWith("refresh-8a");
    expect(device.client.userInfo?.id).toBe("8");
    expect(device.client.accessToken).toBe("access-8-refreshed");
    expect(app.store.get(channelTagIdAtom)).toBe("3");
    expect(app.store.get(myPanelOpenAtom)).toBe(false);
    // Both stay remembered: Owl with its new tokens, Ying with hers.
    expect(rememberedAccounts(device.client.storage).map((a) => [a.id, a.refreshToken])).toEqual([
      ["8", "refresh-8-refreshed"],
      ["7", "refresh-7a"],
    ]);

    await settle();
    const cached = cacheText(app);
    expect(cached).toContain("Owl");
    expect(cached).not.toContain("小影");
    expect(cached).not.toContain("80000007");
    expect(cached).not.toContain('"7"');

    // The panel now shows Owl as the current account, and Ying to switch back to.
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await waitFor(() => byText("1.00"));
    expect(queryText("195.50")).toBeNull();
    await click(control("切换账号"));
    await waitFor(() => {
      expect(accountRow("Owl").getAttribute("aria-current")).toBe("true");
    });
    expect(accountRow("小影 Ying").getAttribute("aria-current")).toBeNull();
  });

  it("refreshes what the page on view shows when it is /home already", async () => {
    const device = fakeDevice();
    const app = await renderApp({
      api: device.api,
      pages: { "/home": WhoAmI },
      shell: <MyPanelHostWithCatalog refreshAccount={device.refresh} />,
    });
    await waitFor(() => {
      expect(who()).toBe("小影 Ying");
    });
    await openSwitchPanel(app);
    await click(accountRow("Owl"));
    await waitFor(() => {
      expect(who()).toBe("Owl");
    });
    await settle();
    expect(cacheText(app)).not.toContain("小影");
  });

  it("a refused account leaves the list with a toast, and the session stays", async () => {
    const device = fakeDevice();
    device.state.refuse = true;
    const app = await renderApp({
      api: device.api,
      language: Language.enUS,
      shell: <MyPanelHostWithCatalog refreshAccount={device.refresh} />,
    });
    act(() => {
      app.store.set(myPanelOpenAtom, true);
    });
    await click(await waitFor(() => control("Switch account")));
    await waitFor(() => accountRow("Owl"));
    await click(accountRow("Owl"));
    await waitFor(() => byText("“Owl” has been signed out. Sign in to it again before switching to it."));
    await waitFor(() => {
      expect(hasAccountRow("Owl")).toBe(false);
    });
    expect(device.client.userInfo?.id).toBe("7");
    expect(device.client.accessToken).toBe("access-7a");
    expect(app.router.state.location.pathname).toBe("/home");
    expect(rememberedAccounts(device.client.storage).map((a) => a.id)).toEqual(["7"]);
  });

  it("a refresh without an answer says so and changes nothing", async () => {
    const device = fakeDevice();
    device.state.fail = true;
    const app = await renderApp({
      api: device.api,
      shell: <MyPanelHostWithCatalog refreshAccount={device.refresh} />,
    });
    await openSwitchPanel(app);
    await click(accountRow("Owl"));
    await waitFor(() => byText("Network Error"));
    expect(device.client.userInfo?.id).toBe("7");
    expect(hasAccountRow("Owl")).toBe(true);
    expect(rememberedAccounts(device.client.storage).map((a) => a.id)).toEqual(["7", "8"]);
  });

  it("removes a remembered account, and 'add account' keeps the current one for later", async () => {
    const device = fakeDevice();
    const app = await renderApp({
      api: device.api,
      shell: <MyPanelHostWithCatalog refreshAccount={device.refresh} />,
    });
    await openSwitchPanel(app);
    await click(control("从此设备移除 Owl"));
    await waitFor(() => {
      expect(hasAccountRow("Owl")).toBe(false);
    });
    expect(rememberedAccounts(device.client.storage).map((a) => a.id)).toEqual(["7"]);
    expect(device.refresh).not.toHaveBeenCalled();
    // Removed here and ended on the server: Owl's remembered refresh token is revoked.
    expect(device.revoked).toHaveBeenCalledWith(
      "auth.tokenRevoke",
      { refresh_token: expect.stringMatching(/^refresh-8/) as unknown },
      { quiet: true },
    );

    await click(control("添加账号"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/login");
    });
    expect(device.client.accessToken).toBeNull();
    expect(device.client.storage.get(StorageKey.refreshToken)).toBeNull();
    expect(rememberedAccounts(device.client.storage).map((a) => a.id)).toEqual(["7"]);
  });
});
