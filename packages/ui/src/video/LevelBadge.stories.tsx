import type { Meta, StoryObj } from "@storybook/react-vite";
import { WatchLevel } from "@platform/domain";
import { LevelBadge } from "./LevelBadge";

const meta = { title: "Video/LevelBadge", component: LevelBadge } satisfies Meta<typeof LevelBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Super: Story = { args: { level: WatchLevel.SVIP } };
export const Pay: Story = { args: { level: WatchLevel.CHARGE } };

/** Every level side by side: FREE and unknown levels draw nothing. */
export const AllLevels: Story = {
  args: { level: null },
  render: () => (
    <dl style={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: 8, margin: 0 }}>
      {[WatchLevel.SVIP, WatchLevel.CHARGE, WatchLevel.FREE, "VIP_PLUS"].map((level) => (
        <div key={level} style={{ display: "contents" }}>
          <dt style={{ color: "var(--pf-text-3)" }}>{level}</dt>
          <dd style={{ margin: 0 }}>
            <LevelBadge level={level} />
          </dd>
        </div>
      ))}
    </dl>
  ),
};
