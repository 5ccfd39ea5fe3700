import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { TrialEndedPopup } from "./TrialEndedPopup";

const meta = {
  title: "Purchase/TrialEndedPopup",
  component: TrialEndedPopup,
  args: { open: true, onClose: fn(), onBuy: fn(), price: { amount: 1999, discount: 8 }, isMember: false },
} satisfies Meta<typeof TrialEndedPopup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A non-member buys at the price (19.99). */
export const NonMember: Story = {};

/** A member buys at the member price (15.99). */
export const Member: Story = { args: { isMember: true } };
