import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { CountdownButton } from "./CountdownButton";
import type { CountdownButtonProps } from "./CountdownButton";

describe("CountdownButton", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };

  /** The button with fake timers driving user events; its text is '获取验证码' until pressed. */
  const renderCountdown = async (onSend: CountdownButtonProps["onSend"]) => {
    const { user } = await renderUi(<CountdownButton onSend={onSend} />, {
      advanceTimers: vi.advanceTimersByTime,
    });
    return { user, button: screen.getByRole("button", { name: "获取验证码" }) };
  };

  it("sends, counts down 60 s without taking presses, then resets", async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    const { user, button } = await renderCountdown(onSend);
    await user.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe("60s");
    expect((button as HTMLButtonElement).disabled).toBe(true);

    advance(1000);
    expect(button.textContent).toBe("59s");
    await user.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);

    advance(58_000);
    expect(button.textContent).toBe("1s");
    advance(1000);
    expect(button.textContent).toBe("获取验证码");
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(button.textContent).toBe("60s");
  });

  it("counts down from the server's figure when it refuses (too soon), a long wait as a clock", async () => {
    const onSend = vi
      .fn<() => Promise<{ waitSeconds: number }>>()
      .mockResolvedValueOnce({ waitSeconds: 47 })
      .mockResolvedValueOnce({ waitSeconds: 3725 });
    const { user, button } = await renderCountdown(onSend);
    await user.click(button);
    expect(button.textContent).toBe("47s");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    advance(46_000);
    expect(button.textContent).toBe("1s");
    advance(1000);
    expect(button.textContent).toBe("获取验证码");
    await user.click(button);
    expect(button.textContent).toBe("1:02:05");
    advance(3625_000);
    expect(button.textContent).toBe("1:40");
    advance(1000);
    expect(button.textContent).toBe("99s");
  });

  it("is busy while sending and stays pressable when the send fails or throws", async () => {
    let finish: (sent: boolean) => void = () => undefined;
    const onSend = vi
      .fn<() => Promise<boolean> | boolean>()
      .mockImplementationOnce(
        () =>
          new Promise<boolean>((resolve) => {
            finish = resolve;
          }),
      )
      .mockImplementationOnce(() => {
        throw new Error("gateway down");
      })
      .mockImplementationOnce(() => Promise.reject(new Error("network")));
    const { user, button } = await renderCountdown(onSend);
    await user.click(button);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      finish(false);
      await Promise.resolve();
    });
    expect(button.getAttribute("aria-busy")).toBeNull();
    expect(button.textContent).toBe("获取验证码");

    await user.click(button);
    expect(button.textContent).toBe("获取验证码");
    await user.click(button);
    expect(onSend).toHaveBeenCalledTimes(3);
    expect(button.textContent).toBe("获取验证码");
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("counts other lengths, resumes a countdown begun before it mounted, and speaks English", async () => {
    const onCountdownStart = vi.fn();
    const { user, unmount } = await renderUi(
      <CountdownButton onSend={() => true} seconds={10} onCountdownStart={onCountdownStart} />,
      { language: Language.enUS, advanceTimers: vi.advanceTimersByTime },
    );
    const button = screen.getByRole("button", { name: "Get code" });
    await user.click(button);
    expect(button.textContent).toBe("10s");
    expect(onCountdownStart).toHaveBeenCalledTimes(1);
    expect(Math.abs(Number(onCountdownStart.mock.calls[0]?.[0]) - Date.now())).toBeLessThan(1000);
    advance(10_000);
    expect(button.textContent).toBe("Get code");
    unmount();

    await renderUi(<CountdownButton onSend={() => true} startedAt={Date.now() - 15_000} />);
    expect(screen.getByRole("button").textContent).toBe("45s");
  });

  it("does nothing while disabled", async () => {
    const onSend = vi.fn(() => true);
    const { user } = await renderUi(<CountdownButton onSend={onSend} disabled />, {
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.click(screen.getByRole("button"));
    expect(onSend).not.toHaveBeenCalled();
  });
});
