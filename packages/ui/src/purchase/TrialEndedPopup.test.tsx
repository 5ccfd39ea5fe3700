import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { TrialEndedPopup } from "./TrialEndedPopup";

const price = { amount: 1999, discount: 8 };

describe("TrialEndedPopup", () => {
  it("says the trial ended and buys at the price", async () => {
    const onBuy = vi.fn();
    const { user } = await renderUi(
      <TrialEndedPopup open onClose={vi.fn()} price={price} isMember={false} onBuy={onBuy} />,
    );
    expect(screen.getByRole("dialog", { name: "试看结束" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "¥19.99 购买" }));
    expect(onBuy).toHaveBeenCalledTimes(1);
  });

  it("members buy at the member price; English under en-US", async () => {
    const onClose = vi.fn();
    const { user } = await renderUi(
      <TrialEndedPopup open onClose={onClose} price={price} isMember onBuy={vi.fn()} />,
      { language: Language.enUS },
    );
    expect(screen.getByRole("dialog", { name: "The preview has ended" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buy for ¥15.99" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
