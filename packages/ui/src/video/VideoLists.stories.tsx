import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { SearchRowList, VideoGrid, VideoRowList } from "./VideoLists";
import { samplePage, video } from "./test/videos";

const meta = {
  title: "Video/Lists",
  component: VideoGrid,
  args: { videos: samplePage, onOpen: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VideoGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {};
export const GridFirstLoad: Story = { args: { videos: [], loading: true } };
export const GridLoadingMore: Story = { args: { loading: true } };

export const Rows: Story = {
  render: (args) => <VideoRowList videos={args.videos} onOpen={args.onOpen} showAuditTime />,
};
export const RowsFirstLoad: Story = {
  render: (args) => <VideoRowList videos={[]} loading onOpen={args.onOpen} />,
};
/** History: watched positions, swipe to delete. */
export const RowsHistory: Story = {
  render: (args) => (
    <VideoRowList
      videos={args.videos.map((v, i) => video({ ...v, seenMs: (i + 1) * 40_000 }))}
      onOpen={args.onOpen}
      showWatched
      swipeToDelete
      onDelete={fn()}
    />
  ),
};
/** Edit mode of a collection: two rows ticked. */
export const RowsSelecting: Story = {
  render: (args) => (
    <VideoRowList
      videos={args.videos}
      onOpen={args.onOpen}
      selectable
      selectedIds={new Set([samplePage[0]?.id ?? "", samplePage[2]?.id ?? ""])}
      onSelectChange={fn()}
    />
  ),
};
export const Search: Story = {
  render: (args) => <SearchRowList videos={args.videos} onOpen={args.onOpen} highlight="日落" />,
};
export const SearchFirstLoad: Story = {
  render: (args) => <SearchRowList videos={[]} loading onOpen={args.onOpen} />,
};
