import { WatchLevel } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { Language, renderUi } from "../test/render";
import { LevelBadge } from "./LevelBadge";

describe("LevelBadge", () => {
  it.each([
    [WatchLevel.SVIP, Language.zhCN, "超级", "pf-level-badge--super"],
    [WatchLevel.CHARGE, Language.zhCN, "付费", "pf-level-badge--pay"],
    [WatchLevel.SVIP, Language.enUS, "Super", "pf-level-badge--super"],
    [WatchLevel.CHARGE, Language.enUS, "Paid", "pf-level-badge--pay"],
  ])("%s in %s reads %s", async (level, language, text, tone) => {
    const { container } = await renderUi(<LevelBadge level={level} />, { language });
    const badge = container.querySelector(".pf-level-badge");
    expect(badge?.textContent).toBe(text);
    expect(badge?.classList.contains(tone)).toBe(true);
  });

  it.each([WatchLevel.FREE, "SOMETHING_NEW", null, undefined])("draws nothing for %s", async (level) => {
    const { container } = await renderUi(<LevelBadge level={level} />);
    expect(container.querySelector(".pf-level-badge")).toBeNull();
  });
});
