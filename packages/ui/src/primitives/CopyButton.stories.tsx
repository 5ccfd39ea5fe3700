import type { Meta, StoryObj } from "@storybook/react-vite";
import { CopyButton } from "./CopyButton";

const meta = {
  title: "Primitives/CopyButton",
  component: CopyButton,
  args: { text: "88012345" },
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const IconOnly: Story = {};
/** The member ID of the 'my' panel, copied with its text shown. */
export const WithText: Story = { args: { children: "ID 88012345" } };
