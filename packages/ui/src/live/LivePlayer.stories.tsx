import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { fakeShaka, pendingShaka } from "../test/fakeShaka";
import { LivePlayer } from "./LivePlayer";

const renditions = [
  { resolution: "720p", videoPlayUrl: "/api/live/hls/3/r0.m3u8" },
  { resolution: "240p", videoPlayUrl: "/api/live/hls/3/r1.m3u8" },
];

const meta = {
  title: "Live/LivePlayer",
  component: LivePlayer,
  args: {
    autoUrl: "/api/live/hls/3/master.m3u8",
    renditions,
    token: "story-token",
    loadShaka: fakeShaka().load,
    ended: false,
    title: "光影工作室 Studio",
    onStateChange: fn(),
  },
} satisfies Meta<typeof LivePlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Live: the badge, play/pause and the quality menu (adaptive first). */
export const Playing: Story = {};

/** shaka still loading: connecting. */
export const Connecting: Story = { args: { loadShaka: pendingShaka } };

/** The stream keeps failing to load: reconnecting by itself while the room is live. */
export const Reconnecting: Story = { args: { loadShaka: fakeShaka({ failLoad: true }).load } };

/** The browser cannot play HLS: a retry. */
export const Failed: Story = { args: { loadShaka: fakeShaka({ supported: false }).load } };

/** The broadcast ended. */
export const Ended: Story = { args: { ended: true } };
