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

/** A non-member pays the original price (19.99); the member price shows what joining saves. */
export const NonMember: Story = {};

/** A member pays the member price (15.99) and sees the 20 % off. */
export const Member: Story = { args: { isMember: true } };

/** The server grants this viewer a price (benefit amount 9.90), whatever the discount says. */
export const WithBenefitAmount: Story = {
  args: { price: { amount: 1999, discount: 8, benefitAmount: 990 } },
};

/** The balance (5.00) does not cover the price: the button reads 'goto recharge'. */
export const Poor: Story = { args: { goldBalance: 500 } };

/** The purchase is on its way: the buttons wait. */
export const Busy: Story = { args: { isMember: true, busy: true } };
