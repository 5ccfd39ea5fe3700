import type { Meta, StoryObj } from "@storybook/react-vite";
import { Avatar } from "./Avatar";

const picture =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#e08a3c"/><circle cx="24" cy="19" r="9" fill="#fff"/><rect x="10" y="32" width="28" height="14" rx="7" fill="#fff"/></svg>',
  );
const logo =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#3c6fe0"/><path d="M18 14l16 10-16 10z" fill="#fff"/></svg>',
  );

const meta = { title: "My/Avatar", component: Avatar, args: { src: picture, size: 48 } } satisfies Meta<
  typeof Avatar
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Picture: Story = {};
export const Large: Story = { args: { size: 72 } };
/** No avatar: the logo from local storage. */
export const LogoFallback: Story = { args: { src: null, fallbackSrc: logo } };
/** Neither: a drawn silhouette. */
export const Placeholder: Story = { args: { src: null, fallbackSrc: null } };
