import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { MembershipDialog } from "./MembershipDialog";

const meta = {
  title: "Purchase/MembershipDialog",
  component: MembershipDialog,
  args: { open: true, onOpenMembership: fn(), onCancel: fn() },
} satisfies Meta<typeof MembershipDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'This function requires a super membership': open membership or cancel. */
export const Open: Story = {};
