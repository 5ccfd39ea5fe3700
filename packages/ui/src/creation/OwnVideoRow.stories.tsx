import type { Meta, StoryObj } from "@storybook/react-vite";
import { VideoStatus } from "@platform/domain";
import { fn } from "storybook/test";
import { OwnVideoRow } from "./OwnVideoRow";
import { video } from "../video/test/videos";

/** Not published yet: no audit time, so the review-status tip shows. */
const unaudited = (type: number) => video({ type, auditTime: null, playCount: 0 });

const meta = {
  title: "Creation/OwnVideoRow",
  component: OwnVideoRow,
  args: { video: video(), onOpen: fn(), onEdit: fn(), onDelete: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof OwnVideoRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Published: Story = {};
export const Uploading: Story = { args: { video: unaudited(VideoStatus.uploading) } };
/** Its file is being sent from this tab. */
export const UploadingHere: Story = {
  args: { video: unaudited(VideoStatus.uploading), upload: { phase: "uploading", percent: 42 } },
};
export const UploadPaused: Story = {
  args: { video: unaudited(VideoStatus.uploading), upload: { phase: "paused", percent: 42 } },
};
export const UploadFailed: Story = {
  args: {
    video: unaudited(VideoStatus.uploadFailed),
    owner: { reason: "文件不是可以播放的视频 / The file is not a playable video" },
  },
};
export const Processing: Story = {
  args: { video: unaudited(VideoStatus.processing), owner: { progress: 64 } },
};
export const InReview: Story = { args: { video: unaudited(VideoStatus.awaitingReview) } };
export const TechnicallyRefused: Story = {
  args: {
    video: unaudited(VideoStatus.technicalRefused),
    owner: { reason: "视频太短（至少 1 秒） / The video is too short" },
  },
};
export const Rejected: Story = {
  args: {
    video: unaudited(VideoStatus.rejected),
    owner: { reason: "审核未通过：画面模糊 / Rejected: blurry picture" },
  },
};
/** A published video whose edit waits for review: the published version stays up. */
export const EditUnderReview: Story = {
  args: { owner: { edit: { status: VideoStatus.awaitingReview, reason: null } } },
};
export const EditRefused: Story = {
  args: {
    owner: { edit: { status: VideoStatus.wordsRefused, reason: "标题含有不允许的词语 / Words not allowed" } },
  },
};
