import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { Accordion } from "./Accordion";
import type { AccordionSection } from "./Accordion";

// Favourites folders and video titles are user content, so they are written here as they are.
const sections: readonly AccordionSection[] = [
  {
    key: "travel",
    title: "旅行 Vlog",
    icon: "star",
    children: (
      <ul>
        <li>大理三日游</li>
        <li>West Lake at dawn</li>
      </ul>
    ),
  },
  {
    key: "food",
    title: "美食",
    icon: "heart",
    children: (
      <ul>
        <li>十分钟做一碗面</li>
      </ul>
    ),
  },
  { key: "recent", title: "最近观看", icon: "clock", onSelect: fn() },
  {
    key: "music",
    title: "Music",
    icon: "play",
    children: (
      <ul>
        <li>Lo-fi beats</li>
      </ul>
    ),
  },
];

const meta = {
  title: "Primitives/Accordion",
  component: Accordion,
  args: { sections, onOpenChange: fn() },
} satisfies Meta<typeof Accordion>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllClosed: Story = {};
export const OneOpen: Story = { args: { defaultOpenKey: "travel" } };
export const ControlledOpen: Story = { args: { openKey: "food" } };
