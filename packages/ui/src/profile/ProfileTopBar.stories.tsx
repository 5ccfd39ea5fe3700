import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { ProfileTopBar } from "./ProfileTopBar";

const background = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200"><defs><linearGradient id="g"><stop offset="0" stop-color="#5aa9ff"/><stop offset="1" stop-color="#ff4f6d"/></linearGradient></defs><rect width="400" height="200" fill="url(#g)"/></svg>',
)}`;

const meta = {
  title: "Profile/ProfileTopBar",
  component: ProfileTopBar,
  args: {
    isOwner: false,
    onBack: fn(),
    onSearch: fn(),
    onReport: fn(),
    backgroundUrl: background,
    onViewBackground: fn(),
    onPickBackground: fn(),
    onInvalidFile: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 180, backgroundImage: `url("${background}")`, backgroundSize: "cover" }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileTopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Other: Story = {};
export const Owner: Story = { args: { isOwner: true } };
export const OtherMenuOpen: Story = { args: { defaultMenuOpen: true } };
export const OwnerMenuOpen: Story = { args: { isOwner: true, defaultMenuOpen: true } };
export const OwnerWithoutBackground: Story = {
  args: { isOwner: true, backgroundUrl: undefined, defaultMenuOpen: true },
};
