import type { Meta, StoryObj } from "@storybook/react-vite";
import { MessageKey } from "@platform/domain";
import { expect, fn, userEvent, within } from "storybook/test";
import { useMessageText } from "../i18n";
import { Button } from "../primitives/Button";
import { fakeShaka, pendingShaka } from "../test/fakeShaka";
import { VideoPlayer } from "./VideoPlayer";

const poster = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#3a1c71"/><stop offset="0.5" stop-color="#d76d77"/><stop offset="1" stop-color="#ffaf7b"/></linearGradient></defs><rect width="160" height="90" fill="url(#g)"/><circle cx="120" cy="30" r="12" fill="#fff" opacity="0.7"/></svg>',
)}`;

const sources = [
  { resolution: "360p", videoPlayUrl: "/api/media/hls/7/360p.m3u8", defaultResolution: false },
  { resolution: "720p", videoPlayUrl: "/api/media/hls/7/720p.m3u8", defaultResolution: true },
  { resolution: "480p", videoPlayUrl: "/api/media/hls/7/480p.m3u8", defaultResolution: false },
];

const meta = {
  title: "Player/VideoPlayer",
  component: VideoPlayer,
  args: {
    sources,
    poster,
    title: "Sunset over the harbour",
    author: "Harbour Films",
    token: "story-token",
    busPlatformId: "bp-1",
    previewLimitSeconds: null,
    loadShaka: fakeShaka().load,
    onPreviewLimit: fn(),
    onClose: fn(),
    onError: fn(),
    onQualityChange: fn(),
  },
} satisfies Meta<typeof VideoPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Free video, ready: controls with the default rendition (720p). */
export const Ready: Story = {};

/** shaka is still loading: the poster with a spinner. */
export const Loading: Story = { args: { loadShaka: pendingShaka } };

/** The browser cannot play HLS (jsdom lands here with the real shaka too). */
export const Unsupported: Story = { args: { loadShaka: fakeShaka({ supported: false }).load } };

/** The player or the source failed to load: a retry button. */
export const LoadFailed: Story = {
  args: { loadShaka: () => Promise.reject(new Error("chunk failed to load")) },
};

/**
 * A locked viewer: a 30 s preview of a 2-minute video, resuming at 0:12; the bar shows the whole
 * length, the part past 0:30 striped as locked.
 */
export const LockedPreview: Story = {
  args: { previewLimitSeconds: 30, lengthSeconds: 120, startPositionMs: 12_000 },
};

function BuyAction() {
  const text = useMessageText();
  return <Button variant="gold">{text(MessageKey.buy)}</Button>;
}

/** The trial ended: the picture is covered, with the app's action. */
export const TrialEnded: Story = {
  args: { previewLimitSeconds: 30, trialEnded: true, trialEndedAction: <BuyAction /> },
};

/** The quality menu open: the default rendition first and checked. */
export const QualityMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole("button", { expanded: false, name: /720p/ });
    await userEvent.click(button);
    await expect(await canvas.findByRole("menu")).toBeTruthy();
  },
};

/**
 * With a master playlist (getInfoById's `adaptivePlayUrl`): 'automatic' quality first and chosen —
 * the player starts at the lightest rendition and adapts up — the renditions after it.
 */
export const AutomaticQuality: Story = {
  args: { adaptiveUrl: "/api/media/hls/7/master.m3u8?access=full" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole("button", { expanded: false, name: /自动|Auto/ });
    await userEvent.click(button);
    const items = await within(await canvas.findByRole("menu")).findAllByRole("menuitemradio");
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveAttribute("aria-checked", "true");
  },
};
