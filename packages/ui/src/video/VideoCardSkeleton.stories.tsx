import type { Meta, StoryObj } from "@storybook/react-vite";
import { SkeletonGroup } from "../primitives/Skeleton";
import { SearchRowCardSkeleton, VideoGridCardSkeleton, VideoRowCardSkeleton } from "./VideoCardSkeleton";

const meta = {
  title: "Video/Skeletons",
  component: VideoGridCardSkeleton,
  decorators: [
    (Story) => (
      <SkeletonGroup style={{ maxWidth: 390 }}>
        <Story />
      </SkeletonGroup>
    ),
  ],
} satisfies Meta<typeof VideoGridCardSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GridCard: Story = {
  render: () => (
    <div style={{ width: 175 }}>
      <VideoGridCardSkeleton />
    </div>
  ),
};
export const RowCard: Story = { render: () => <VideoRowCardSkeleton /> };
export const SearchRow: Story = { render: () => <SearchRowCardSkeleton /> };
