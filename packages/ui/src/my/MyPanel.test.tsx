import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ReactElement } from "react";
import { Language, renderUi } from "../test/render";
import type { Rendered } from "../test/render";
import { MyPanel } from "./MyPanel";
import type { MyPanelProps } from "./MyPanel";
import { myPanelMenu, myPanelMenuKeys } from "./menu";

const vip = {
  nickName: "Nova",
  avatarFileUrl: "avatar.png",
  memberId: "88001234",
  isVip: true,
  isPermanent: false,
  remainDays: 12,
};

function props(overrides: Partial<MyPanelProps> = {}): MyPanelProps {
  return {
    open: true,
    onClose: vi.fn(),
    loading: false,
    user: vip,
    balances: { gold: 123456, wallet: 5, game: 0 },
    props: { integral: 320, gameToken: 15, videoCard: 2 },
    allowedMenuKeys: myPanelMenuKeys,
    unreadMessages: 0,
    logoUrl: "logo.png",
    onNavigate: vi.fn(),
    ...overrides,
  };
}

/** Re-renders the panel (renderUi's providers wrap it again). */
function rerenderUi(rendered: Rendered, ui: ReactElement) {
  rendered.rerender(ui);
}

/** The drawer shows its content after the panel animation delay. */
async function panel() {
  await screen.findByText("Nova");
  return screen.getByRole("dialog", { name: /^(我的|Me)$/ });
}

describe("MyPanel", () => {
  it("a VIP sees remaining days and 'renew member', no 'go to super VIP' and no 'open super VIP'", async () => {
    const p = props();
    const { user } = await renderUi(<MyPanel {...p} />);
    const drawer = await panel();
    expect(within(drawer).getByText("剩余 12 天")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: /前往超级会员/ })).toBeNull();
    expect(within(drawer).queryByRole("button", { name: /开通超级会员/ })).toBeNull();
    await user.click(within(drawer).getByRole("button", { name: /续费会员/ }));
    expect(p.onNavigate).toHaveBeenCalledWith("renew");
  });

  it("a non-VIP sees 'not super VIP', 'go to super VIP' and 'open super VIP'", async () => {
    const p = props({ user: { ...vip, isVip: false, remainDays: 0 } });
    const { user } = await renderUi(<MyPanel {...p} />);
    const drawer = await panel();
    expect(within(drawer).getByText("非超级会员")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: /续费会员/ })).toBeNull();
    await user.click(within(drawer).getByRole("button", { name: /前往超级会员/ }));
    await user.click(within(drawer).getByRole("button", { name: /开通超级会员/ }));
    await user.click(within(drawer).getByRole("button", { name: /充值账户/ }));
    expect(vi.mocked(p.onNavigate).mock.calls).toEqual([["superVip"], ["openVip"], ["recharge"]]);
  });

  it("a permanent member sees 'permanent member' and no renew/open shortcut, but can still charge", async () => {
    const p = props({ user: { ...vip, isPermanent: true } });
    await renderUi(<MyPanel {...p} />);
    const drawer = await panel();
    expect(within(drawer).getByText("永久会员")).toBeTruthy();
    for (const name of [/续费会员/, /开通超级会员/, /前往超级会员/]) {
      expect(within(drawer).queryByRole("button", { name })).toBeNull();
    }
    expect(within(drawer).getByRole("button", { name: /充值账户/ })).toBeTruthy();
  });

  it("shows money with two decimals and props as counts", async () => {
    await renderUi(<MyPanel {...props()} />);
    const drawer = await panel();
    const balances = within(drawer).getByLabelText("余额");
    expect(within(balances).getByText("1234.56")).toBeTruthy();
    expect(within(balances).getByText("0.05")).toBeTruthy();
    expect(within(balances).getByText("0.00")).toBeTruthy();
    const activity = within(drawer).getByLabelText("活动道具");
    expect(within(activity).getByText("320")).toBeTruthy();
    expect(within(activity).getByText("15")).toBeTruthy();
  });

  it("filters menu entries by the allowed keys, dropping emptied sections; history always shows", async () => {
    const p = props({ allowedMenuKeys: new Set(["myBuy", "withdraw"]) });
    const { user } = await renderUi(<MyPanel {...p} />);
    const drawer = await panel();
    const menu = within(drawer).getByRole("navigation", { name: "我的服务" });
    const headings = within(menu)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(["视频", "历史记录", "财务"]);
    await user.click(within(menu).getByRole("button", { name: "视频" }));
    expect(within(menu).getByRole("button", { name: "我的购买" })).toBeTruthy();
    expect(within(menu).queryByRole("button", { name: "我的收藏" })).toBeNull();
    await user.click(within(menu).getByRole("button", { name: "财务" }));
    expect(within(menu).getByRole("button", { name: "提现" })).toBeTruthy();
    expect(within(menu).queryByRole("button", { name: "订单管理" })).toBeNull();
    expect(within(menu).queryByRole("button", { name: "推荐服务" })).toBeNull();
    expect(within(menu).queryByRole("button", { name: "更多服务" })).toBeNull();
  });

  it("opens one section at a time and navigates from its entries and the history row", async () => {
    const p = props();
    const { user } = await renderUi(<MyPanel {...p} />);
    const drawer = await panel();
    const menu = within(drawer).getByRole("navigation");
    const video = within(menu).getByRole("button", { name: "视频" });
    const finance = within(menu).getByRole("button", { name: "财务" });
    await user.click(video);
    expect(video.getAttribute("aria-expanded")).toBe("true");
    await user.click(within(menu).getByRole("button", { name: "我的收藏" }));
    await user.click(finance);
    expect(video.getAttribute("aria-expanded")).toBe("false");
    expect(finance.getAttribute("aria-expanded")).toBe("true");
    await user.click(within(menu).getByRole("button", { name: "订单管理" }));
    await user.click(within(menu).getByRole("button", { name: "更多服务" }));
    await user.click(within(menu).getByRole("button", { name: "身份卡" }));
    await user.click(within(menu).getByRole("button", { name: "历史记录" }));
    expect(vi.mocked(p.onNavigate).mock.calls).toEqual([
      ["myCollection"],
      ["orderManage"],
      ["idCard"],
      ["myHistory"],
    ]);
  });

  it("every menu entry has a stable key and its own destination", () => {
    const keys = myPanelMenu.flatMap((s) => s.children.map((c) => c.figmaKey));
    expect(new Set(keys).size).toBe(keys.length);
    expect(myPanelMenuKeys).toEqual(keys);
  });

  it("opens the wallet and game-token help dialogs", async () => {
    const { user } = await renderUi(<MyPanel {...props()} />);
    const drawer = await panel();
    await user.click(within(drawer).getByRole("button", { name: "钱包说明" }));
    const wallet = screen.getByRole("dialog", { name: "钱包" });
    expect(wallet.textContent).toContain("提现到银行卡或电子钱包");
    await user.click(within(wallet).getByRole("button", { name: "知道了" }));
    expect(screen.queryByRole("dialog", { name: "钱包" })).toBeNull();
    await user.click(within(drawer).getByRole("button", { name: "游戏币说明" }));
    expect(screen.getByRole("dialog", { name: "游戏币" }).textContent).toContain("不能充值、提现或转让");
  });

  it("first offers to post a video and to open one's videos, also when the panel's data failed", async () => {
    const p = props();
    const { user } = await renderUi(<MyPanel {...p} />);
    const drawer = await panel();
    const row = within(drawer).getByRole("group", { name: "创作" });
    // The first row of the panel, before the profile.
    expect(drawer.querySelector(".pf-side-drawer__body")?.firstElementChild).toBe(row);
    await user.click(within(row).getByRole("button", { name: "发布视频" }));
    expect(p.onNavigate).toHaveBeenLastCalledWith("postVideo");
    await user.click(within(row).getByRole("button", { name: "我的作品" }));
    expect(p.onNavigate).toHaveBeenLastCalledWith("myWorks");

    const failed = props({ error: "加载失败", user: undefined });
    rerenderUi(await renderUi(<MyPanel {...failed} />, { language: Language.enUS }), <MyPanel {...failed} />);
    const english = await screen.findByRole("group", { name: "Create" });
    expect(within(english).getByRole("button", { name: "Post a video" })).toBeTruthy();
    expect(within(english).getByRole("button", { name: "My videos" })).toBeTruthy();
  });

  it("caps the message badge at 99 and opens the message centre", async () => {
    const p = props({ unreadMessages: 120 });
    const rendered = await renderUi(<MyPanel {...p} />);
    const { user } = rendered;
    const drawer = await panel();
    const messages = within(drawer).getByRole("button", { name: /消息中心/ });
    expect(messages.textContent).toContain("99+");
    await user.click(messages);
    expect(p.onNavigate).toHaveBeenCalledWith("messages");
    rerenderUi(rendered, <MyPanel {...p} unreadMessages={5} />);
    expect(within(drawer).getByRole("button", { name: /消息中心/ }).textContent).toContain("5");
    rerenderUi(rendered, <MyPanel {...p} unreadMessages={0} />);
    expect(within(drawer).getByRole("button", { name: /消息中心/ }).textContent).toBe("消息中心");
  });

  it("copies the member ID with a success toast", async () => {
    const { user } = await renderUi(<MyPanel {...props()} />);
    const drawer = await panel();
    await user.click(within(drawer).getByRole("button", { name: /88001234/ }));
    expect(await navigator.clipboard.readText()).toBe("88001234");
    expect(await screen.findByText("复制成功")).toBeTruthy();
  });

  it("falls back to the logo when the avatar fails, and to a drawn placeholder when the logo fails too", async () => {
    await renderUi(<MyPanel {...props()} />);
    const drawer = await panel();
    const image = () => drawer.querySelector("img");
    expect(image()?.getAttribute("src")).toBe("avatar.png");
    fireEvent.error(image()!);
    expect(image()?.getAttribute("src")).toBe("logo.png");
    fireEvent.error(image()!);
    expect(image()).toBeNull();
    expect(within(drawer).getByTestId("avatar-placeholder")).toBeTruthy();
  });

  it("shows the placeholder while loading, and the error with a retry", async () => {
    const onRetry = vi.fn();
    const rendered = await renderUi(<MyPanel {...props({ loading: true, user: undefined })} />);
    const { user } = rendered;
    const drawer = screen.getByRole("dialog");
    expect(drawer.getAttribute("aria-busy")).toBe("true");
    expect(within(drawer).getByRole("status")).toBeTruthy();
    expect(within(drawer).queryByRole("navigation")).toBeNull();
    rerenderUi(rendered, <MyPanel {...props({ user: undefined, error: "网络错误", onRetry })} />);
    expect((await within(drawer).findByRole("alert")).textContent).toContain("网络错误");
    await user.click(within(drawer).getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(within(drawer).queryByRole("navigation")).toBeNull();
  });

  it("opens the switch-account panel from the menu and switches to another account", async () => {
    const onSwitch = vi.fn();
    const { user } = await renderUi(
      <MyPanel
        {...props()}
        switchAccount={{
          accounts: [
            { id: "1", nickname: "Nova", mobile: "13812345678", current: true },
            { id: "2", nickname: "Owl", mobile: "13998765432" },
          ],
          onSwitch,
          onAddAccount: vi.fn(),
          onLogout: vi.fn(),
        }}
      />,
    );
    const drawer = await panel();
    await user.click(within(drawer).getByRole("button", { name: "切换账号" }));
    const second = await screen.findByRole("dialog", { name: "切换账号" });
    expect(await within(second).findByText("139****5432")).toBeTruthy();
    await user.click(within(second).getByRole("button", { name: /Owl/ }));
    expect(onSwitch).toHaveBeenCalledWith("2");
  });

  it("closed from outside with the switch-account panel open, it opens again on itself", async () => {
    const switchAccount = {
      accounts: [{ id: "1", nickname: "Nova", current: true }],
      onSwitch: vi.fn(),
      onAddAccount: vi.fn(),
      onLogout: vi.fn(),
    };
    const rendered = await renderUi(<MyPanel {...props()} switchAccount={switchAccount} />);
    await rendered.user.click(within(await panel()).getByRole("button", { name: "切换账号" }));
    await screen.findByRole("dialog", { name: "切换账号" });
    // The app closes it ('add account', a switch), then the person opens 'my' again.
    rerenderUi(rendered, <MyPanel {...props({ open: false })} switchAccount={switchAccount} />);
    rerenderUi(rendered, <MyPanel {...props()} switchAccount={switchAccount} />);
    await panel();
    expect(screen.queryByRole("dialog", { name: "切换账号" })).toBeNull();
  });

  it("closes when the route changes (closeKey)", async () => {
    const p = props({ closeKey: "/home" });
    const rendered = await renderUi(<MyPanel {...p} />);
    await panel();
    rerenderUi(rendered, <MyPanel {...p} closeKey="/mybuy" />);
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });

  it("speaks English under en-US", async () => {
    const p = props({ user: { ...vip, isVip: false, remainDays: 0 }, unreadMessages: 3 });
    const { user } = await renderUi(<MyPanel {...p} />, { language: Language.enUS });
    const drawer = await panel();
    expect(within(drawer).getByText("Not a super VIP")).toBeTruthy();
    expect(within(drawer).getByRole("button", { name: /Go to super VIP/ })).toBeTruthy();
    expect(within(drawer).getByRole("button", { name: /Recharge/ })).toBeTruthy();
    expect(within(drawer).getByRole("button", { name: /Get super VIP/ })).toBeTruthy();
    expect(within(drawer).getByRole("button", { name: /Message centre/ })).toBeTruthy();
    await user.click(within(drawer).getByRole("button", { name: "About game tokens" }));
    expect(screen.getByRole("dialog", { name: "Game tokens" }).textContent).toContain("cannot be bought");
    await user.click(screen.getByRole("button", { name: "Got it" }));
    await user.click(within(drawer).getByRole("button", { name: "Finance" }));
    expect(within(drawer).getByRole("button", { name: "Withdraw" })).toBeTruthy();
  });

  it("shows a VIP's remaining days in English", async () => {
    await renderUi(<MyPanel {...props()} />, { language: Language.enUS });
    const drawer = await panel();
    expect(within(drawer).getByText("12 days remaining")).toBeTruthy();
    expect(within(drawer).getByRole("button", { name: /Renew membership/ })).toBeTruthy();
  });
});
