import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { fn } from "storybook/test";
import { TagEditor } from "./TagEditor";
import type { TagEditorProps } from "./TagEditor";

/** The editor with its own state, so the story can be played with. */
function Editable(props: TagEditorProps) {
  const [tags, setTags] = useState<readonly string[]>(props.tags);
  return (
    <TagEditor
      {...props}
      tags={tags}
      onChange={(next) => {
        setTags(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: "Creation/TagEditor",
  component: TagEditor,
  render: (args) => <Editable {...args} />,
  args: { tags: ["旅行", "日落", "延时摄影"], onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TagEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { tags: [] } };
export const SomeTags: Story = {};
/** Ten tags: the box is closed, the rule is said. */
export const Full: Story = {
  args: { tags: ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"] },
};
export const LongTags: Story = {
  args: { tags: ["十六个字的标签正好十六个字的标签", "travel-photography"] },
};
/** A problem the form found (e.g. a draft restored with too many tags). */
export const WithError: Story = { args: { error: "最多 10 个标签 / At most 10 tags" } };
export const Disabled: Story = { args: { disabled: true } };
