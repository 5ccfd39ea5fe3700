import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { LiveRoomCard } from "./LiveRoomCard";

const meta = {
  title: "Live/LiveRoomCard",
  component: LiveRoomCard,
  args: {
    title: "光影工作室 Studio 直播",
    anchorName: "光影工作室 Studio",
    coverUrl: null,
    online: 12,
    isLive: true,
    watchLevel: "FREE",
    onOpen: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 180, padding: 12 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LiveRoomCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Live now, free to watch. */
export const Live: Story = {};

/** Members only. */
export const MembersOnly: Story = { args: { watchLevel: "SVIP" } };

/** A ticket room. */
export const Ticket: Story = { args: { watchLevel: "CHARGE", priceText: "5.00" } };

/** Ended. */
export const Ended: Story = { args: { isLive: false, online: 0 } };
