import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ui } from "../presentation";
import { Language, renderUi } from "../test/render";
import { SideDrawer } from "./SideDrawer";

describe("SideDrawer", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const drawer = (props: { onClose: () => void; closeKey?: unknown; loading?: boolean; open?: boolean }) => (
    <SideDrawer
      open={props.open ?? true}
      title="Panel"
      onClose={props.onClose}
      closeKey={props.closeKey}
      loading={props.loading}
    >
      <p>content</p>
    </SideDrawer>
  );

  it("closes on the overlay, on the close icon and on Escape", async () => {
    const onClose = vi.fn();
    const { user } = await renderUi(drawer({ onClose }), { advanceTimers: vi.advanceTimersByTime });
    expect(screen.getByRole("dialog", { name: "Panel" })).toBeTruthy();
    await user.click(screen.getByTestId("drawer-overlay"));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "关闭" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("closes when the route (closeKey) changes while open, not on other renders", async () => {
    const onClose = vi.fn();
    const { rerender } = await renderUi(drawer({ onClose, closeKey: "/home" }));
    rerender(drawer({ onClose, closeKey: "/home" }));
    expect(onClose).not.toHaveBeenCalled();
    rerender(drawer({ onClose, closeKey: "/myhistory" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("does not close itself when it opens together with a route change", async () => {
    const onClose = vi.fn();
    const { rerender } = await renderUi(drawer({ onClose, closeKey: "/home", open: false }));
    rerender(drawer({ onClose, closeKey: "/game", open: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("shows its content after the 50 ms panel delay", async () => {
    await renderUi(drawer({ onClose: vi.fn() }), { advanceTimers: vi.advanceTimersByTime });
    expect(screen.queryByText("content")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(ui.panelAnimationDelayMs - 1);
    });
    expect(screen.queryByText("content")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText("content")).toBeTruthy();
  });

  it("shows a loading placeholder of the window height minus 50 while loading", async () => {
    await renderUi(drawer({ onClose: vi.fn(), loading: true }), { language: Language.enUS });
    act(() => {
      vi.advanceTimersByTime(ui.panelAnimationDelayMs);
    });
    const placeholder = screen.getByRole("status", { name: "Loading…" });
    expect(placeholder.style.height).toBe(`${String(window.innerHeight - 50)}px`);
    expect(screen.queryByText("content")).toBeNull();
    expect(screen.getByRole("dialog").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("stacks: Escape closes the drawer on top only", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { user } = await renderUi(
      <>
        <SideDrawer open title="Me" onClose={first}>
          <p>me</p>
        </SideDrawer>
        <SideDrawer open title="Switch account" onClose={second}>
          <p>accounts</p>
        </SideDrawer>
      </>,
      { advanceTimers: vi.advanceTimersByTime },
    );
    expect(screen.getAllByRole("dialog")).toHaveLength(2);
    expect(screen.getByRole("dialog", { name: "Switch account" }).contains(document.activeElement)).toBe(
      true,
    );
    await user.keyboard("{Escape}");
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });
});
