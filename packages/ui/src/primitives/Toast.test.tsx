import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../test/render";
import { useToast } from "./Toast";
import type { ToastOptions } from "./Toast";

function Trigger({ text, options }: { text: string; options?: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(text, options)}>
      show
    </button>
  );
}

describe("Toast", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a message politely and hides it after 2 s", async () => {
    const { user } = await renderUi(<Trigger text="复制成功" options={{ tone: "success" }} />, {
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.click(screen.getByRole("button", { name: "show" }));
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("复制成功");
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(status.textContent).toBe("复制成功");
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(status.textContent).toBe("");
  });

  it("announces errors assertively and keeps them 3 s", async () => {
    const { user } = await renderUi(<Trigger text="系统错误" options={{ tone: "error" }} />, {
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.click(screen.getByRole("button", { name: "show" }));
    expect(screen.getByRole("alert").textContent).toBe("系统错误");
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.getByRole("alert")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the same words once: a second failure for one reason keeps the first toast longer", async () => {
    function Twice() {
      const toast = useToast();
      return (
        <button
          type="button"
          onClick={() => {
            toast.show("网络异常", { tone: "error" });
            toast.show("网络异常", { tone: "error" });
          }}
        >
          twice
        </button>
      );
    }
    const { user } = await renderUi(
      <>
        <Twice />
        <Trigger text="网络异常" options={{ tone: "error" }} />
      </>,
      { advanceTimers: vi.advanceTimersByTime },
    );
    await user.click(screen.getByRole("button", { name: "twice" }));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await user.click(screen.getByRole("button", { name: "show" }));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(2500); // 4.5 s after the first, 2.5 s after the last: still there
    });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("needs a provider", () => {
    function Bare() {
      useToast();
      return null;
    }
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Bare />)).toThrow(/ToastProvider/);
  });
});
