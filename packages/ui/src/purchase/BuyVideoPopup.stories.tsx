import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { BuyVideoPopup } from "./BuyVideoPopup";

const meta = {
  title: "Purchase/BuyVideoPopup",
  component: BuyVideoPopup,
  args: {
    open: true,
    onClose: fn(),
    onBuy: fn(),
    onRecharge: fn(),
    price: { amount: 1999, discount: 8 },
    isMember: false,
    goldBalance: 50_000,
    videoTitle: "Sunset over the harbour — the full cut",
  },
} satisfies Meta<typeof BuyVideoPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A non-member pays the original price (19.99: the server's benefit amount for them); the member
 * price shows what a member pays (15.99) and the 20 % off, what joining would save.
 */
export const NonMember: Story = {
  args: { price: { amount: 1999, discount: 8, benefitAmount: 1999 } },
};

/** A member pays the member price (15.99: their benefit amount) and sees the 20 % off. */
export const Member: Story = {
  args: { isMember: true, price: { amount: 1999, discount: 8, benefitAmount: 1599 } },
};

/** No member discount on this video: the member price is the original price, no percentage. */
export const NoDiscount: Story = {
  args: { price: { amount: 1999, discount: null, benefitAmount: 1999 } },
};

/** The balance (5.00) does not cover the price: the button reads 'goto recharge'. */
export const Poor: Story = { args: { goldBalance: 500 } };

/** The purchase is on its way: the buttons wait. */
export const Busy: Story = { args: { isMember: true, busy: true } };

/** Opened from the cover after the preview ended: the same sheet, saying the trial is over first. */
export const TrialEnded: Story = {
  args: { trialEnded: true, price: { amount: 1999, discount: 8, benefitAmount: 1999 } },
};
