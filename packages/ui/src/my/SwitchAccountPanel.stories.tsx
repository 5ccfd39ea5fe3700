import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { SwitchAccountPanel } from "./SwitchAccountPanel";

const avatar = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3ecf8e"/><circle cx="32" cy="26" r="12" fill="#fff"/><path d="M12 60a20 20 0 0 1 40 0z" fill="#fff"/></svg>',
)}`;

const meta = {
  title: "My/SwitchAccountPanel",
  component: SwitchAccountPanel,
  args: {
    open: true,
    onClose: fn(),
    onSwitch: fn(),
    onAddAccount: fn(),
    onLogout: fn(),
    accounts: [
      { id: "1", nickname: "星河漫游者", mobile: "13812345678", avatarFileUrl: avatar, current: true },
      { id: "2", nickname: "Night owl", mobile: "13998765432" },
      { id: "3", nickname: "小鹿" },
    ],
  },
} satisfies Meta<typeof SwitchAccountPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Accounts: Story = {};
export const OnlyCurrent: Story = {
  args: { accounts: [{ id: "1", nickname: "星河漫游者", mobile: "13812345678", current: true }] },
};
/** Each remembered account but the current one can be removed from this device. */
export const Removable: Story = { args: { onRemove: fn() } };
