import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { VideoGridCard } from "./VideoGridCard";
import {
  brokenCover,
  longTitle,
  payVideo,
  sampleVideo,
  superVideo,
  verticalVideo,
  video,
} from "./test/videos";

const meta = {
  title: "Video/VideoGridCard",
  component: VideoGridCard,
  args: { video: sampleVideo, onOpen: fn() },
  decorators: [
    (Story) => (
      // Half of a 375 px screen, as in the two-per-row grid.
      <div style={{ width: 175 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VideoGridCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Free: Story = {};
export const Super: Story = { args: { video: superVideo } };
export const Pay: Story = { args: { video: payVideo } };
/** A vertical video shows its vertical cover, whole. */
export const VerticalCover: Story = { args: { video: verticalVideo } };
/** A vertical video without a vertical cover falls back to the regular one. */
export const VerticalWithoutVerticalCover: Story = {
  args: { video: video({ videoWidth: 720, videoHeight: 1280, verticalCoverUrl: null }) },
};
export const LongTitle: Story = { args: { video: video({ videoTitle: longTitle }) } };
export const LongDuration: Story = {
  args: { video: video({ videoLength: 2 * 3_600_000 + 5 * 60_000 + 9_000 }) },
};
/** No cover at all, or one that fails to load: the placeholder stays. */
export const NoCover: Story = { args: { video: video({ coverFileUrl: null, coverImage: null }) } };
export const BrokenCover: Story = { args: { video: video({ coverFileUrl: brokenCover }) } };
/** The author falls back to `createUserName`; a count of zero still shows. */
export const AuthorFallbackNoPlays: Story = {
  args: { video: video({ nickName: null, createUserName: "editor_pro", playCount: 0 }) },
};
