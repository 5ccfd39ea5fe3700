import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { BuyVideoPopup } from "./BuyVideoPopup";
import type { BuyVideoPopupProps } from "./BuyVideoPopup";

function props(overrides: Partial<BuyVideoPopupProps> = {}): BuyVideoPopupProps {
  return {
    open: true,
    onClose: vi.fn(),
    onBuy: vi.fn(),
    onRecharge: vi.fn(),
    price: { amount: 1999, discount: 8 },
    isMember: false,
    goldBalance: 50_000,
    ...overrides,
  };
}

describe("BuyVideoPopup", () => {
  it("shows the original price, the member price and the balance with two decimals", async () => {
    await renderUi(
      <BuyVideoPopup {...props({ goldBalance: 120_005, price: { amount: 1000, discount: 8.5 } })} />,
    );
    const dialog = screen.getByRole("dialog", { name: "购买视频" });
    expect(within(dialog).getByTestId("buy-original").textContent).toBe("10.00 金币");
    expect(within(dialog).getByTestId("buy-member").textContent).toBe("8.50 金币省 15%");
    expect(within(dialog).getByTestId("buy-balance").textContent).toBe("1200.05 金币");
    expect(within(dialog).getByText("原价")).toBeTruthy();
    expect(within(dialog).getByText("会员折扣价")).toBeTruthy();
    expect(within(dialog).getByText("金币余额")).toBeTruthy();
    // One unit for the price and the balance it is paid from (units.ts): no ¥ beside gold.
    expect(dialog.textContent).not.toContain("¥");
    // Non-members see the percentage off too (what joining would save).
    expect(within(dialog).getByText("省 15%")).toBeTruthy();
  });

  it("shows a non-member what a member pays, not their own benefit amount (the full price)", async () => {
    // The server's benefit amount is the price this viewer pays: the full 3.00 gold for a non-member.
    const p = props({ goldBalance: 500, price: { amount: 300, discount: 8.5, benefitAmount: 300 } });
    await renderUi(<BuyVideoPopup {...p} />);
    const dialog = screen.getByRole("dialog", { name: "购买视频" });
    expect(within(dialog).getByTestId("buy-original").textContent).toBe("3.00 金币");
    expect(within(dialog).getByTestId("buy-member").textContent).toBe("2.55 金币省 15%");
    // The original price is what this viewer pays: it is not struck out.
    expect(within(dialog).getByTestId("buy-original").closest(".pf-buy__row--muted")).toBeNull();
    expect(within(dialog).getByTestId("buy-original").closest(".pf-buy__row--applies")).not.toBeNull();
    // 4.99 covers the 3.00 a non-member pays.
    expect(within(dialog).getByRole("button", { name: "购买" })).toBeTruthy();
  });

  it("a rich viewer buys: the button reads 'buy' and calls onBuy", async () => {
    const p = props();
    const { user } = await renderUi(<BuyVideoPopup {...p} />);
    await user.click(screen.getByRole("button", { name: "购买" }));
    expect(p.onBuy).toHaveBeenCalledTimes(1);
    expect(p.onRecharge).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "去充值" })).toBeNull();
  });

  it("a poor viewer is sent to recharge: 'goto recharge' calls onRecharge", async () => {
    const p = props({ goldBalance: 1998 });
    const { user } = await renderUi(<BuyVideoPopup {...p} />);
    await user.click(screen.getByRole("button", { name: "去充值" }));
    expect(p.onRecharge).toHaveBeenCalledTimes(1);
    expect(p.onBuy).not.toHaveBeenCalled();
  });

  it("members are measured against the member price (and see the percentage off)", async () => {
    // 15.99 is enough for a member (19.99 × 0.8 = 15.99), not for anyone else.
    const member = props({ goldBalance: 1599, isMember: true });
    const { user, unmount } = await renderUi(<BuyVideoPopup {...member} />);
    expect(screen.getByText("省 20%")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "购买" }));
    expect(member.onBuy).toHaveBeenCalledTimes(1);
    unmount();

    const other = props({ goldBalance: 1599, isMember: false });
    await renderUi(<BuyVideoPopup {...other} />);
    expect(screen.getByRole("button", { name: "去充值" })).toBeTruthy();
  });

  it("a member's benefit amount is their member price, and what they pay", async () => {
    const p = props({
      goldBalance: 990,
      isMember: true,
      price: { amount: 1999, discount: 8, benefitAmount: 990 },
    });
    await renderUi(<BuyVideoPopup {...p} />);
    expect(screen.getByTestId("buy-member").textContent).toBe("9.90 金币省 20%");
    expect(screen.getByTestId("buy-original").closest(".pf-buy__row--muted")).not.toBeNull();
    expect(screen.getByRole("button", { name: "购买" })).toBeTruthy();
  });

  it("cancels, and waits while busy", async () => {
    const p = props();
    const { user, unmount } = await renderUi(<BuyVideoPopup {...p} />);
    await user.click(screen.getByRole("button", { name: "取消" }));
    expect(p.onClose).toHaveBeenCalledTimes(1);
    unmount();

    const busy = props({ busy: true });
    const second = await renderUi(<BuyVideoPopup {...busy} />);
    const buy = screen.getByRole("button", { name: "购买" });
    expect(buy.getAttribute("aria-busy")).toBe("true");
    expect((buy as HTMLButtonElement).disabled).toBe(true);
    await second.user.keyboard("{Escape}");
    expect(busy.onClose).not.toHaveBeenCalled();
  });

  it("after the preview ended, the same sheet says so, with the balance, cancel and buy", async () => {
    await renderUi(<BuyVideoPopup {...props({ trialEnded: true })} />);
    const dialog = screen.getByRole("dialog", { name: "购买视频" });
    expect(within(dialog).getByText("试看已结束，购买后即可观看完整视频")).toBeTruthy();
    expect(within(dialog).getByTestId("buy-balance").textContent).toBe("500.00 金币");
    expect(within(dialog).getByRole("button", { name: "取消" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "购买" })).toBeTruthy();
  });

  it("speaks English under en-US", async () => {
    await renderUi(<BuyVideoPopup {...props({ goldBalance: 100, isMember: true })} />, {
      language: Language.enUS,
    });
    const dialog = screen.getByRole("dialog", { name: "Buy video" });
    expect(within(dialog).getByText("Original price")).toBeTruthy();
    expect(within(dialog).getByText("Member price")).toBeTruthy();
    expect(within(dialog).getByText("Gold balance")).toBeTruthy();
    expect(within(dialog).getByText("20% off")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Recharge first" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });
});
