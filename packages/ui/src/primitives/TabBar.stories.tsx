import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { TabBar } from "./TabBar";

const meta = {
  title: "Primitives/TabBar",
  component: TabBar,
  args: { activeKey: "home", onSelect: fn() },
} satisfies Meta<typeof TabBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {};
export const Trend: Story = { args: { activeKey: "trend" } };
export const Game: Story = { args: { activeKey: "game" } };
export const My: Story = { args: { activeKey: "my" } };
export const Channel: Story = { args: { activeKey: "channel" } };
export const Navigation: Story = { args: { activeKey: "navigation" } };
export const NoneActive: Story = { args: { activeKey: null } };
export const WithBadge: Story = { args: { badges: { my: 5 } } };
export const WithCappedBadge: Story = { args: { activeKey: "my", badges: { my: 120, channel: 99 } } };
export const FourTabs: Story = { args: { tabs: ["home", "trend", "game", "my"] } };
/** The spec's other icons (trade, menu) through `icons`. */
export const OtherIcons: Story = { args: { icons: { game: "trade", my: "menu" } } };
