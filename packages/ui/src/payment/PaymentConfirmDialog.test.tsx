import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { PaymentConfirmDialog } from "./PaymentConfirmDialog";

const figure = (id: string) => screen.getByTestId(id).textContent;

describe("PaymentConfirmDialog", () => {
  it("shows the amount, the gold now and after and the condition; confirms or cancels", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = await renderUi(
      <PaymentConfirmDialog
        open
        title="确认转入游戏"
        summary="把 20.00 金币转入游戏余额。"
        amount={2_000}
        balance={19_550}
        condition="转入后需投注满 220.00"
        confirmLabel="确认转入"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "确认转入游戏" });
    expect(dialog.textContent).toContain("把 20.00 金币转入游戏余额。");
    expect(figure("pay-confirm-amount")).toBe("20.00 金币");
    expect(figure("pay-confirm-balance")).toBe("195.50 金币");
    expect(figure("pay-confirm-after")).toBe("175.50 金币");
    expect(figure("pay-confirm-condition")).toBe("转入后需投注满 220.00");
    expect(screen.getByText("支付后金币余额")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "取消" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "确认转入" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("says 'confirm and pay' with the amount by default, in English too", async () => {
    await renderUi(
      <PaymentConfirmDialog
        open
        title="Ticket"
        amount={1_000}
        balance={5_000}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
      { language: Language.enUS },
    );
    expect(screen.getByRole("button", { name: "Confirm and pay 10.00 Gold" })).toBeTruthy();
    expect(screen.getByText("Gold balance")).toBeTruthy();
    expect(screen.getByText("Gold after paying")).toBeTruthy();
    expect(screen.queryByTestId("pay-confirm-condition")).toBeNull();
  });

  it("with too little gold says what is missing and offers a recharge instead of paying", async () => {
    const onConfirm = vi.fn();
    const onRecharge = vi.fn();
    const { user } = await renderUi(
      <PaymentConfirmDialog
        open
        title="确认购买门票"
        amount={1_000}
        balance={500}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
        onRecharge={onRecharge}
      />,
    );
    expect(screen.getByText("还差")).toBeTruthy();
    expect(figure("pay-confirm-after")).toBe("5.00 金币");
    await user.click(screen.getByRole("button", { name: "去充值" }));
    expect(onRecharge).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
