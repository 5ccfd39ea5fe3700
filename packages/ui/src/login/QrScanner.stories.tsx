import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { QrScanner } from "./QrScanner";

const meta = {
  title: "Login/QrScanner",
  component: QrScanner,
  args: { open: true, onClose: fn(), onResult: fn(), onError: fn(), alert: fn() },
} satisfies Meta<typeof QrScanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No camera API (as in jsdom or an insecure page): the message and the album way. */
export const CameraUnavailable: Story = { args: { mediaDevices: null } };

/** The camera permission was refused. */
export const CameraDenied: Story = {
  args: {
    mediaDevices: {
      getUserMedia: () => Promise.reject(new DOMException("Permission denied", "NotAllowedError")),
    },
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByRole("button", { name: /重试|Retry/ })).toBeTruthy());
  },
};

/** Waiting for the camera (the permission prompt is open). */
export const Starting: Story = {
  args: { mediaDevices: { getUserMedia: () => new Promise<MediaStream>(() => undefined) } },
};
