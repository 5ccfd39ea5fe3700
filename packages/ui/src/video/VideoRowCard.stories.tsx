import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { VideoRowCard } from "./VideoRowCard";
import {
  brokenCover,
  longTitle,
  payVideo,
  sampleVideo,
  superVideo,
  verticalVideo,
  video,
} from "./test/videos";

/** In review, uploading or failed: no audit time yet. */
const unaudited = (type: number) => video({ type, auditTime: null, playCount: 0 });

const meta = {
  title: "Video/VideoRowCard",
  component: VideoRowCard,
  args: { video: sampleVideo, onOpen: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VideoRowCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Free: Story = {};
export const Super: Story = { args: { video: superVideo } };
export const Pay: Story = { args: { video: payVideo } };
export const VerticalCover: Story = { args: { video: verticalVideo } };
export const LongTitle: Story = { args: { video: video({ videoTitle: longTitle }), showAuditTime: true } };
export const LongDuration: Story = {
  args: { video: video({ videoLength: 10 * 3_600_000 + 2 * 60_000 + 3_000 }) },
};
export const NoCover: Story = { args: { video: video({ coverFileUrl: null }) } };
export const BrokenCover: Story = { args: { video: video({ coverFileUrl: brokenCover }) } };

// Review status (spec §3, §4): the tip shows only without an audit time.
export const Uploading: Story = { args: { video: unaudited(15), onEdit: fn(), onDelete: fn() } };
export const UploadFailed: Story = { args: { video: unaudited(10), onEdit: fn(), onDelete: fn() } };
export const Reviewing: Story = { args: { video: unaudited(20), onEdit: fn(), onDelete: fn() } };
export const ReviewFailed: Story = { args: { video: unaudited(60), onEdit: fn(), onDelete: fn() } };
/** Published (99) carries no label. */
export const PublishedNoLabel: Story = { args: { video: unaudited(99), onEdit: fn(), onDelete: fn() } };
/** With an audit time there is no tip, whatever the code. */
export const AuditedNoTip: Story = {
  args: { video: video({ type: 60, auditTime: "2024-05-01 12:30:00" }), showAuditTime: true },
};

export const Watched: Story = { args: { video: video({ seenMs: 723_000 }), showWatched: true } };
export const WatchedToTheEnd: Story = { args: { video: video({ seenMs: 754_000 }), showWatched: true } };
export const EditAndDelete: Story = { args: { showAuditTime: true, onEdit: fn(), onDelete: fn() } };

export const SelectableUnselected: Story = {
  args: {
    selectable: true,
    selected: false,
    onSelectChange: fn(),
    showWatched: true,
    video: video({ seenMs: 60_000 }),
  },
};
export const SelectableSelected: Story = {
  args: {
    selectable: true,
    selected: true,
    onSelectChange: fn(),
    showWatched: true,
    video: video({ seenMs: 60_000 }),
  },
};

/** Drag the row left (touch or mouse) to reveal delete; or Tab to the delete button. */
export const SwipeToDelete: Story = { args: { swipeToDelete: true, onDelete: fn(), showWatched: true } };
export const SwipeRevealed: Story = {
  args: {
    swipeToDelete: true,
    defaultRevealed: true,
    onDelete: fn(),
    video: video({ seenMs: 300_000 }),
    showWatched: true,
  },
};
