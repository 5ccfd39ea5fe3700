import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { LiveChat } from "./LiveChat";

const messages = [
  { id: "1", nickName: "小影 Ying", content: "晚上好！Good evening!" },
  { id: "2", nickName: "阿北 Bei", content: "画面很清楚 👍" },
  { id: "3", nickName: "老周 Zhou", content: "主播今天讲什么？" },
];

const meta = {
  title: "Live/LiveChat",
  component: LiveChat,
  args: {
    messages,
    canWrite: true,
    maxLength: 500,
    onSend: fn(() => Promise.resolve()),
    onSignIn: fn(),
  },
} satisfies Meta<typeof LiveChat>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in: the messages and the box. */
export const Writing: Story = {};

/** Nobody has said anything yet. */
export const Empty: Story = { args: { messages: [] } };

/** The room's author: a remove button on every message. */
export const Moderating: Story = { args: { onRemove: fn() } };

/** Not signed in: anyone reads; writing asks to sign in. */
export const SignedOut: Story = { args: { canWrite: false, closedReason: "signIn" } };

/** The live is not on: reading only. */
export const NotLive: Story = { args: { canWrite: false, closedReason: "notLive" } };

/** The sign-in ended while watching and could not be renewed: the server closed the chat. */
export const SessionEnded: Story = { args: { canWrite: false, closedReason: "expired" } };

/**
 * A ticket room, to someone without a ticket: they read the chat like anyone (Step 19); the box's
 * place says a ticket lets them join it.
 */
export const TicketRoom: Story = { args: { canWrite: false, closedReason: "ticket" } };

/** A ticket room nobody has talked in yet (no invitation to talk first). */
export const TicketRoomQuiet: Story = { args: { messages: [], canWrite: false, closedReason: "ticket" } };

/** A members-only room, to someone who is not a super member: readable, membership to join. */
export const MembersRoom: Story = { args: { canWrite: false, closedReason: "members" } };

/** The chat stream is reconnecting. */
export const Connecting: Story = { args: { connecting: true } };
