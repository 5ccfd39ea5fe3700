import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { MessageKey } from "@platform/domain";
import { useMessageText } from "../i18n";
import { MyPanel } from "./MyPanel";
import type { MyPanelProps } from "./MyPanel";
import { myPanelMenuKeys } from "./menu";

const avatar = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5aa9ff"/><circle cx="32" cy="26" r="12" fill="#fff"/><path d="M12 60a20 20 0 0 1 40 0z" fill="#fff"/></svg>',
)}`;
const logo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#ff4f6d"/><path d="M24 18l24 14-24 14z" fill="#fff"/></svg>',
)}`;

const vip = {
  nickName: "星河漫游者",
  avatarFileUrl: avatar,
  memberId: "88001234",
  isVip: true,
  isPermanent: false,
  remainDays: 27,
};

const meta = {
  title: "My/MyPanel",
  component: MyPanel,
  args: {
    open: true,
    onClose: fn(),
    loading: false,
    onRetry: fn(),
    user: vip,
    balances: { gold: 1234567, wallet: 8050, game: 0 },
    props: { integral: 320, gameToken: 15, videoCard: 2 },
    allowedMenuKeys: myPanelMenuKeys,
    unreadMessages: 5,
    logoUrl: logo,
    onNavigate: fn(),
    switchAccount: {
      accounts: [
        { id: "1", nickname: "星河漫游者", mobile: "13812345678", avatarFileUrl: avatar, current: true },
        { id: "2", nickname: "Night owl", mobile: "13998765432" },
      ],
      onSwitch: fn(),
      onAddAccount: fn(),
      onLogout: fn(),
    },
  },
} satisfies Meta<typeof MyPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Vip: Story = {};
export const NonVip: Story = {
  args: { user: { ...vip, avatarFileUrl: null, isVip: false, remainDays: 0 }, unreadMessages: 0 },
};
export const Permanent: Story = { args: { user: { ...vip, isPermanent: true } } };
export const Loading: Story = {
  args: { loading: true, user: undefined, balances: undefined, props: undefined },
};
/** Loading failed: the app passes the failure's sentence (here the domain's network error). */
function WithNetworkError(props: MyPanelProps) {
  const text = useMessageText();
  return <MyPanel {...props} error={text(MessageKey.errorNetwork)} />;
}
export const ErrorState: Story = {
  args: { user: undefined, balances: undefined, props: undefined },
  render: (args) => <WithNetworkError {...args} />,
};
export const FilteredMenu: Story = { args: { allowedMenuKeys: ["myBuy", "withdraw", "settings"] } };
export const BadgeCapped: Story = { args: { unreadMessages: 120 } };
export const WalletHelpOpen: Story = { args: { defaultHelp: "wallet" } };
export const GameTokenHelpOpen: Story = { args: { defaultHelp: "gameToken" } };
export const SwitchAccountOpen: Story = { args: { defaultSwitchAccountOpen: true } };
