import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { UploadProgress } from "./UploadProgress";

const MB = 1024 * 1024;

const meta = {
  title: "Creation/UploadProgress",
  component: UploadProgress,
  args: {
    fileName: "海边日落.mp4",
    phase: "uploading",
    loaded: 12.4 * MB,
    total: 45.6 * MB,
    onPause: fn(),
    onResume: fn(),
    onCancel: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UploadProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Asking the server for the upload's URLs: nothing sent yet. */
export const Preparing: Story = { args: { phase: "signing", loaded: 0 } };
export const Uploading: Story = {};
export const Paused: Story = { args: { phase: "paused" } };
/** The network went: it waits, then asks what arrived and goes on by itself. */
export const WaitingForNetwork: Story = { args: { phase: "offline", loaded: 30.1 * MB } };
export const Finishing: Story = { args: { phase: "completing", loaded: 45.6 * MB } };
export const Done: Story = { args: { phase: "done", loaded: 45.6 * MB } };
/** The server's refusal, in the reader's language. */
export const Failed: Story = {
  args: { phase: "failed", loaded: 3 * MB, reason: "上传已过期，请重新上传 / The upload expired" },
};
export const Cancelled: Story = { args: { phase: "cancelled", loaded: 3 * MB } };
/** A small file reads in hundredths of a megabyte. */
export const SmallFile: Story = { args: { fileName: "clip.webm", loaded: 120_000, total: 480_000 } };
export const LongFileName: Story = {
  args: { fileName: "2024-05-01 一段非常非常长的文件名用来检查省略号是否正常工作 final final v3.mov" },
};
