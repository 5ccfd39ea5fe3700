import type { Meta, StoryObj } from "@storybook/react-vite";
import { WatchLevel } from "@platform/domain";
import { fn } from "storybook/test";
import { SearchRowCard } from "./SearchRowCard";
import { longTitle, sampleVideo, verticalVideo, video } from "./test/videos";

const meta = {
  title: "Video/SearchRowCard",
  component: SearchRowCard,
  args: { video: sampleVideo, onOpen: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchRowCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Highlighted: Story = { args: { highlight: "日落" } };
/** Case-insensitive, every occurrence. */
export const HighlightedRepeated: Story = {
  args: { video: video({ videoTitle: "Jog, jog, JOG: a morning vlog" }), highlight: "jog" },
};
export const VerticalCover: Story = { args: { video: verticalVideo } };
export const LongTitlePay: Story = {
  args: { video: video({ videoTitle: longTitle, watchLevel: WatchLevel.CHARGE, videoLength: 3_723_000 }) },
};
