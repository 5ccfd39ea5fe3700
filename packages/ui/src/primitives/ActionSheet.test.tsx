import { act, screen, within } from "@testing-library/react";
import { PlatformI18nProvider } from "@platform/i18n";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ui } from "../presentation";
import { Language, renderUi } from "../test/render";
import { ActionSheet } from "./ActionSheet";
import type { ActionSheetAction } from "./ActionSheet";

describe("ActionSheet", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function Sheet({ actions, onClose }: { actions: readonly ActionSheetAction[]; onClose: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <ActionSheet
        open={open}
        title="Comment"
        actions={actions}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    );
  }

  it("lists the actions with cancel last; choosing one selects, then closes at once", async () => {
    const calls: string[] = [];
    const actions: ActionSheetAction[] = [
      { key: "copy", label: "Copy", onSelect: () => calls.push("copy") },
      { key: "delete", label: "Delete", tone: "danger", onSelect: () => calls.push("delete") },
    ];
    const { user } = await renderUi(<Sheet actions={actions} onClose={() => calls.push("close")} />, {
      advanceTimers: vi.advanceTimersByTime,
    });
    const sheet = screen.getByRole("dialog", { name: "Comment" });
    expect(
      within(sheet)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Copy", "Delete", "取消"]);
    expect(document.activeElement?.textContent).toBe("Copy");

    await user.click(within(sheet).getByRole("button", { name: "Delete" }));
    expect(calls).toEqual(["delete", "close"]);
    // Closed for everyone at once; the picture leaves after the option-popup close delay.
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector(".pf-action-sheet")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(ui.optionPopupCloseDelayMs);
    });
    expect(document.querySelector(".pf-action-sheet")).toBeNull();
  });

  it("closes on cancel, the overlay and Escape without selecting anything", async () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    const actions = [{ key: "report", label: "Report", onSelect }];
    const { user } = await renderUi(
      <ActionSheet open actions={actions} onClose={onClose} label="Comment" />,
      {
        advanceTimers: vi.advanceTimersByTime,
      },
    );
    await user.click(screen.getByRole("button", { name: "取消" }));
    await user.click(document.querySelector<HTMLElement>(".pf-action-sheet__overlay")!);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("says Cancel in English, or the caller's cancel label", async () => {
    const first = await renderUi(<ActionSheet open actions={[]} onClose={vi.fn()} label="x" />, {
      language: Language.enUS,
    });
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    first.rerender(
      <PlatformI18nProvider i18n={first.i18n}>
        <ActionSheet open actions={[]} onClose={vi.fn()} label="x" cancelLabel="Not now" />
      </PlatformI18nProvider>,
    );
    expect(screen.getByRole("button", { name: "Not now" })).toBeTruthy();
  });
});
