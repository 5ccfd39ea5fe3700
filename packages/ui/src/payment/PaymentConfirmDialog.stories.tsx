import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { PaymentConfirmDialog } from "./PaymentConfirmDialog";

// The sheet's own words (rows, buttons) follow the toolbar's language; the title, summary and
// condition are the caller's sentences, shown here as bilingual sample data.
const meta = {
  title: "Payment/PaymentConfirmDialog",
  component: PaymentConfirmDialog,
  args: {
    open: true,
    title: "确认开通 · Confirm membership",
    summary: "季卡：90 天超级会员 · Quarterly: 90 days of super membership",
    amount: 8_000,
    balance: 20_000,
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof PaymentConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Membership: the price, the gold now and after, 'confirm and pay'. */
export const Membership: Story = {};

/** Buying permanent with days left: the days not refunded, stressed. */
export const WithCondition: Story = {
  args: {
    title: "确认续费 · Confirm renewal",
    summary: "永久卡 · Permanent",
    amount: 68_800,
    balance: 100_000,
    condition: "您当前剩余的 12 天会员不退还。 · Your 12 days left are not refunded.",
  },
};

/** Gold into the game: the betting condition in numbers, and a label of the caller's. */
export const GameTransfer: Story = {
  args: {
    title: "确认转入游戏 · Confirm moving gold into the game",
    summary: "把 20.00 金币转入游戏余额，赠送 2.00 奖金。 · 20.00 gold into the game, with a 2.00 bonus.",
    amount: 2_000,
    balance: 19_550,
    condition: "转入后需投注满 220.00 · Bet 220.00 before moving it back",
    confirmLabel: "确认转入 · Move it",
  },
};

/** A live room's ticket with too little gold: what is missing, and 'go to recharge'. */
export const NotEnoughGold: Story = {
  args: {
    title: "确认购买门票 · Confirm the ticket",
    amount: 1_000,
    balance: 500,
    onRecharge: fn(),
  },
};

/** Paying: the buttons wait. */
export const Busy: Story = { args: { busy: true } };
