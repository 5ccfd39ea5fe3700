import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { CoverPicker } from "./CoverPicker";
import { landscapeCover } from "../video/test/videos";

const meta = {
  title: "Creation/CoverPicker",
  component: CoverPicker,
  args: { onPick: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CoverPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** None chosen: a frame of the video will be the cover. */
export const NoCover: Story = {};
export const Chosen: Story = { args: { previewUrl: landscapeCover } };
/** Sent before a reload: the picture is kept, its preview is not. */
export const ChosenBeforeReload: Story = { args: { fileName: "sunset-cover.jpg" } };
export const Uploading: Story = { args: { previewUrl: landscapeCover, busy: true } };
export const Refused: Story = { args: { error: "请选择图片文件 / Choose an image file" } };
