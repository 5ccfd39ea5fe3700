import type { Meta, StoryObj } from "@storybook/react-vite";
import { Icon } from "../icons/Icon";
import { Badge } from "./Badge";

const meta = { title: "Primitives/Badge", component: Badge, args: { count: 5 } } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Five: Story = {};
export const NinetyNine: Story = { args: { count: 99 } };
/** Above 99 the badge reads 99+. */
export const Capped: Story = { args: { count: 120 } };
export const OnIcon: Story = { args: { count: 12, children: <Icon name="message" size={26} /> } };
export const CappedOnIcon: Story = { args: { count: 120, children: <Icon name="message" size={26} /> } };
/** At 0 only the icon shows. */
export const ZeroOnIcon: Story = { args: { count: 0, children: <Icon name="message" size={26} /> } };
