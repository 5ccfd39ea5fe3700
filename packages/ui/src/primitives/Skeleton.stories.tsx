import type { Meta, StoryObj } from "@storybook/react-vite";
import { Skeleton, SkeletonGroup, Spinner } from "./Skeleton";

const meta = { title: "Primitives/Skeleton", component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Block: Story = { args: { height: 120, radius: 10 } };
export const TextLines: Story = { args: { lines: 3 } };
export const Circle: Story = { args: { width: 56, height: 56, radius: "50%" } };
export const FixedWidth: Story = { args: { width: 160, height: 20 } };

/** A video grid card while it loads: cover, two lines of title, author. */
export const CardGroup: StoryObj<typeof SkeletonGroup> = {
  render: () => (
    <SkeletonGroup>
      {[0, 1].map((row) => (
        <div key={row} style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}>
          {[0, 1].map((column) => (
            <div key={column} style={{ display: "grid", gap: 8 }}>
              <Skeleton height={100} radius={8} />
              <Skeleton lines={2} height={12} />
            </div>
          ))}
        </div>
      ))}
    </SkeletonGroup>
  ),
};

export const Spinners: StoryObj<typeof Spinner> = {
  render: () => (
    <div style={{ display: "flex", gap: 16, alignItems: "center" }}>
      <Spinner />
      <Spinner size={32} />
    </div>
  ),
};
